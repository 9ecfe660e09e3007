import type { ServiceTypeId } from '../src/domain/accounts';
import { defaultVisitType } from '../src/domain/visit-type-choice';
import type { VisitStatus } from '../src/domain/visits';
import type { Db } from '../src/server/db/client';
import { visits } from '../src/server/db/schema/index';
import { buildAgency, buildTherapist } from './factories';
import { buildReferral } from './referral-fixtures';

type VisitRow = typeof visits.$inferInsert;

/** What `buildVisit` may be told: any column, and a status whose check-in and check-out it then sets. */
export type VisitOverrides = Partial<VisitRow> & { status?: VisitStatus };

/**
 * Inserts a visit straight into the database, for tests whose subject is not the visits API: by
 * default a completed evaluation, checked in two hours ago and out an hour ago, on a new in-progress
 * referral of `agencyId` matched to `therapistId` (each built when not given). Any column can be
 * overridden.
 */
export async function buildVisit(db: Db, overrides: VisitOverrides = {}) {
  const agencyId = overrides.agencyId ?? (await buildAgency(db)).userId;
  const therapistId = overrides.therapistId ?? (await buildTherapist(db)).userId;
  const referralId = overrides.referralId ?? (await buildReferral(db, { agencyId, status: 'in_progress', matchedTherapistId: therapistId })).id;
  const now = Date.now();
  const status = overrides.status ?? 'completed';
  const checkedOut = !['scheduled', 'in_progress', 'missed', 'cancelled'].includes(status);
  const [row] = await db
    .insert(visits)
    .values({
      serviceId: 'evaluation',
      // What the care clocks count it as: its service's own type, done as the referral's PT unless told.
      visitType: defaultVisitType((overrides.serviceId ?? 'evaluation') as ServiceTypeId),
      therapistDiscipline: 'PT',
      scheduledStart: new Date(now - 2 * 3_600_000),
      rate: 150,
      checkInAt: status === 'scheduled' ? null : new Date(now - 2 * 3_600_000),
      checkOutAt: checkedOut ? new Date(now - 3_600_000) : null,
      ...overrides,
      agencyId,
      therapistId,
      referralId,
      status,
    })
    .returning();
  if (!row) throw new Error('visit insert returned no row');
  return row;
}

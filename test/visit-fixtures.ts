import type { VisitStatus } from '../src/domain/visits';
import type { Db } from '../src/server/db/client';
import { visits } from '../src/server/db/schema/index';
import { insertReferral } from './referral-fixtures';

type VisitRow = typeof visits.$inferInsert;

/**
 * Inserts a visit straight into the database, for tests whose subject is not the visits API: by
 * default a completed evaluation, checked in two hours ago and out an hour ago, on a new in-progress
 * referral of `agencyId` matched to `therapistId`. Any column can be overridden.
 */
export async function insertVisit(
  db: Db,
  options: Partial<VisitRow> & { agencyId: string; therapistId: string; status?: VisitStatus; referralId?: string },
) {
  const referralId =
    options.referralId ?? (await insertReferral(db, { agencyId: options.agencyId, status: 'in_progress', matchedTherapistId: options.therapistId })).id;
  const now = Date.now();
  const status = options.status ?? 'completed';
  const checkedOut = !['scheduled', 'in_progress', 'missed', 'cancelled'].includes(status);
  const [row] = await db
    .insert(visits)
    .values({
      serviceId: 'evaluation',
      scheduledStart: new Date(now - 2 * 3_600_000),
      rate: 150,
      checkInAt: status === 'scheduled' ? null : new Date(now - 2 * 3_600_000),
      checkOutAt: checkedOut ? new Date(now - 3_600_000) : null,
      ...options,
      referralId,
      status,
    })
    .returning();
  if (!row) throw new Error('visit insert returned no row');
  return row;
}

import { eq } from 'drizzle-orm';
import type { NoteContent } from '../src/domain/documentation';
import type { Db } from '../src/server/db/client';
import { agencyProfiles } from '../src/server/db/schema/index';
import { buildAgency, buildTherapist } from './factories';
import { buildReferral } from './referral-fixtures';
import { buildVisit, type VisitOverrides } from './visit-fixtures';

const HOUR = 3_600_000;

/** The PTA's treatment note, as they would write it. */
export const assistantNote: NoteContent = { serviceId: 'treatment', interventions: 'Gait training 20 min.', response: 'Tolerated well.', plan: 'Continue 2w4.' };

/**
 * A PT referral in progress, matched to a PTA (Alex Kim), evaluated two days ago by a PT (Pat
 * Morgan), who therefore takes part in its care and supervises the PTA's notes (domain/co-signature.ts),
 * and the PTA's completed treatment visit, whose note the test then writes and signs through the API.
 * `requiresCoSignature` sets the agency's care rule; `visit` overrides the PTA's visit.
 */
export async function buildAssistantVisit(db: Db, options: { requiresCoSignature?: boolean; visit?: VisitOverrides; agency?: Parameters<typeof buildAgency>[1] } = {}) {
  const agency = await buildAgency(db, options.agency);
  if (options.requiresCoSignature) await db.update(agencyProfiles).set({ requiresCoSignature: true }).where(eq(agencyProfiles.id, agency.userId));
  const pt = await buildTherapist(db, { discipline: 'PT', firstName: 'Pat', lastName: 'Morgan' });
  const pta = await buildTherapist(db, { discipline: 'PTA', firstName: 'Alex', lastName: 'Kim' });
  const referral = await buildReferral(db, { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: pta.userId, postedAt: new Date(Date.now() - 72 * HOUR) });
  const evaluation = await buildVisit(db, {
    referralId: referral.id,
    agencyId: agency.userId,
    therapistId: pt.userId,
    status: 'documented',
    scheduledStart: new Date(Date.now() - 48 * HOUR),
    checkInAt: new Date(Date.now() - 48 * HOUR),
  });
  const visit = await buildVisit(db, {
    referralId: referral.id,
    agencyId: agency.userId,
    therapistId: pta.userId,
    serviceId: 'treatment',
    therapistDiscipline: 'PTA',
    ...options.visit,
  });
  return { agency, pt, pta, referral, evaluation, visit };
}

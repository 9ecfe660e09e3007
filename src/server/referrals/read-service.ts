import type { ServiceTypeId } from '../../domain/accounts';
import type { AgencyReferral, AgencyReferralSummary, EligibilityView, TherapistReferral } from '../../domain/referrals';
import type { Actor } from '../auth/session';
import type { Database, Db } from '../db/client';
import { AppError } from '../errors';
import { judgeTherapist, todayIn } from './eligibility';
import { presentAgencyReferral, presentAgencySummaries, presentTherapistReferrals } from './presenters';
import {
  agencyNamesOf,
  findAgencyReferral,
  findOffer,
  findReferralForManagers,
  findTherapistReferral,
  listAgencyReferralRows,
  listReferralRowsForManagers,
  listTherapistReferralRows,
  offeredTherapistIds,
  servicesOf,
  type AgencyListFilter,
  type ReferralRow,
  type TherapistListView,
} from './queries';
import { findTherapistForManagers, searchTherapistsForManagers, type TherapistProfileForMatching } from './therapist-queries';

/** The referral marketplace's reads: each scoped to the one who asks. */

const notFound = () => new AppError('NOT_FOUND', 'No such referral.');

interface ReadDeps {
  database: Database;
}

export async function listAgencyReferrals({ database }: ReadDeps, { actor, filter }: { actor: Actor; filter: AgencyListFilter }): Promise<AgencyReferralSummary[]> {
  const rows = await listAgencyReferralRows(database.db, actor.userId, filter);
  return presentAgencySummaries(database.db, rows);
}

export async function getAgencyReferral({ database }: ReadDeps, { actor, referralId }: { actor: Actor; referralId: string }): Promise<AgencyReferral> {
  const row = await findAgencyReferral(database.db, actor.userId, referralId);
  if (!row) throw notFound();
  return presentAgencyReferral(database.db, row);
}

export async function listTherapistReferrals({ database }: ReadDeps, { actor, view }: { actor: Actor; view: TherapistListView }): Promise<TherapistReferral[]> {
  const rows = await listTherapistReferralRows(database.db, actor.userId, view);
  return presentTherapistReferrals(database.db, actor.userId, rows);
}

export async function getTherapistReferral({ database }: ReadDeps, { actor, referralId }: { actor: Actor; referralId: string }): Promise<TherapistReferral> {
  const { db } = database;
  const therapistId = actor.userId;
  const referral = await findTherapistReferral(db, therapistId, referralId);
  if (!referral) throw notFound();
  const offer = await findOffer(db, referralId, therapistId);
  const [view] = await presentTherapistReferrals(db, therapistId, [{ referral, offer }]);
  if (!view) throw notFound();
  return view;
}

export async function listReferralsForManagers({ database }: ReadDeps): Promise<Array<AgencyReferralSummary & { agencyName: string }>> {
  const { db } = database;
  const rows = await listReferralRowsForManagers(db);
  const [summaries, names] = await Promise.all([
    presentAgencySummaries(db, rows),
    agencyNamesOf(db, [...new Set(rows.map((row) => row.agencyId))]),
  ]);
  return summaries.map((summary, index) => ({ ...summary, agencyName: names.get(rows[index]?.agencyId ?? '') ?? '' }));
}

async function judgeAll(db: Db, referral: ReferralRow, therapists: TherapistProfileForMatching[]): Promise<EligibilityView[]> {
  const services = ((await servicesOf(db, [referral.id])).get(referral.id) ?? []).map((s) => s.serviceId as ServiceTypeId);
  const offered = await offeredTherapistIds(db, referral.id);
  const today = todayIn();
  return therapists.map((therapist) => {
    const verdict = judgeTherapist(therapist, { ...referral, services }, today);
    return {
      referralId: referral.id,
      therapistId: therapist.id,
      therapistName: `${therapist.firstName} ${therapist.lastName}`,
      eligible: verdict.eligible,
      notified: offered.has(therapist.id),
      distanceMiles: verdict.distanceMiles,
      checks: verdict.checks,
    };
  });
}

/** Managers: why one therapist is or is not eligible for a referral now, and whether they were notified. */
export async function explainEligibility(
  { database }: ReadDeps,
  { referralId, therapistId }: { referralId: string; therapistId: string },
): Promise<EligibilityView> {
  const { db } = database;
  const [referral, therapist] = await Promise.all([findReferralForManagers(db, referralId), findTherapistForManagers(db, therapistId)]);
  if (!referral) throw notFound();
  if (!therapist) throw new AppError('NOT_FOUND', 'No such therapist.');
  const [view] = await judgeAll(db, referral, [therapist]);
  if (!view) throw new AppError('NOT_FOUND', 'No such therapist.');
  return view;
}

export async function searchEligibility({ database }: ReadDeps, { referralId, q }: { referralId: string; q: string }): Promise<EligibilityView[]> {
  const { db } = database;
  const referral = await findReferralForManagers(db, referralId);
  if (!referral) throw notFound();
  return judgeAll(db, referral, await searchTherapistsForManagers(db, q));
}

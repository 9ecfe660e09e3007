import type { ServiceTypeId } from '../../domain/accounts';
import type { AgencyReferral, EligibilityView, TherapistReferral } from '../../domain/referrals';
import type { AgencyReferralSummary, TherapistReferralSummary } from '../../domain/referral-summaries';
import type { PhiBox } from '../crypto/phi-box';
import type { KeptPage, PageCache } from '../dashboards/page-cache';
import { keptPage } from '../dashboards/tenant-reads';
import type { Database, Db } from '../db/client';
import { AppError } from '../errors';
import { splitPage, type PageRequest } from '../http/keyset';
import type { KeysetPage } from '../../domain/keyset-page';
import { readPatientShortNames } from '../patients/short-names';
import type { Caller } from '../use-case';
import type { StandingConfig } from '../credentials/standing';
import { judgeTherapists } from './eligibility';
import { presentAgencyEntries, presentAgencyReferral, presentTherapistReferrals, presentTherapistSummaries, type PatientShortNames } from './presenters';
import {
  countAgencyReferrals,
  countTherapistReferrals,
  listAgencyEntriesForManagers,
  listAgencyEntryRows,
  listTherapistEntryRows,
  type AgencyListFilter,
  type TherapistListView,
} from './list-queries';
import {
  findAgencyReferral,
  findOffer,
  findReferralForManagers,
  findTherapistReferral,
  offeredTherapistIds,
  servicesOf,
  type ReferralRow,
} from './queries';
import { findTherapistForManagers, searchTherapistsForManagers, type TherapistProfileForMatching } from './therapist-queries';

/** The referral marketplace's reads: each scoped to the one who asks. */

const notFound = () => new AppError('NOT_FOUND', 'No such referral.');

interface ReadDeps {
  database: Database;
}

/**
 * Reads that label referrals for their parties: with the PHI box, the labels name the patient where
 * the caller may read it. Without it (the answers to a therapist's response, made before any patient
 * is added) every label shows the place.
 */
interface LabelledReadDeps extends ReadDeps {
  phiBox?: PhiBox;
}

/** The short names the caller may see for these referrals; each is an audited patient read. */
async function shortNames(deps: LabelledReadDeps, caller: Caller, referralIds: string[]): Promise<PatientShortNames> {
  if (!deps.phiBox) return new Map();
  return readPatientShortNames(deps.database.db, { phiBox: deps.phiBox }, { ...caller, referralIds });
}

type AgencyListOptions = Caller & { filter: AgencyListFilter; reference?: number; page: PageRequest };

/**
 * A page of the agency's referrals under a status filter, or the one carrying a reference number.
 * With `pages`, a page is kept (tenant-reads.ts) until one of the agency's referrals changes: an
 * entry shows only its referral's row, the facts kept on it and the matched therapist's name, whose
 * changes are announced to the agency too (migration 0036), and nothing in it moves with time alone.
 */
export async function listAgencyReferrals(
  deps: LabelledReadDeps & { pages?: PageCache<KeysetPage<AgencyReferralSummary>> },
  options: AgencyListOptions,
): Promise<KeysetPage<AgencyReferralSummary>> {
  const { pages } = deps;
  // A search looks for one record: read it.
  if (!pages || options.reference !== undefined) return readAgencyReferrals(deps, options);
  return keptPage(pages, options.actor, [options.filter, options.page.limit, ...(options.page.after ?? [])], async () => ({ value: await readAgencyReferrals(deps, options) }));
}

async function readAgencyReferrals(deps: LabelledReadDeps, options: AgencyListOptions): Promise<KeysetPage<AgencyReferralSummary>> {
  const { db, pool } = deps.database;
  const agencyId = options.actor.userId;
  const found = await listAgencyEntryRows(pool, agencyId, options.filter, { reference: options.reference, page: options.page });
  const { rows, nextCursor } = splitPage(found, options.page, (row) => [row.sortKey, row.id]);
  // Each row carries the total; a page past the last row (its rows deleted meanwhile) has none to carry it.
  const total = found[0]?.total ?? (options.page.after && options.reference === undefined ? await countAgencyReferrals(db, agencyId, options.filter) : 0);
  const names = await shortNames(deps, options, rows.map((row) => row.id));
  return { items: presentAgencyEntries(rows, names), nextCursor, total };
}

export async function getAgencyReferral(deps: LabelledReadDeps, options: Caller & { referralId: string }): Promise<AgencyReferral> {
  const { db } = deps.database;
  const row = await findAgencyReferral(db, options.actor.userId, options.referralId);
  if (!row) throw notFound();
  return presentAgencyReferral(db, row, await shortNames(deps, options, [row.id]));
}

type TherapistListOptions = Caller & { view: TherapistListView; reference?: number; page: PageRequest };

/**
 * A page of a view of 'Referrals near me', or the referral the therapist can reach that carries a
 * reference number. With `pages`, a page is kept (tenant-reads.ts) until something it shows changes
 * (each change is announced to the therapist: migrations 0013 and 0037) or its first open offer
 * expires.
 */
export async function listTherapistReferrals(
  deps: LabelledReadDeps & { pages?: PageCache<KeysetPage<TherapistReferralSummary>> },
  options: TherapistListOptions,
): Promise<KeysetPage<TherapistReferralSummary>> {
  const { pages } = deps;
  // A search looks for one record: read it.
  if (!pages || options.reference !== undefined) return (await readTherapistReferrals(deps, options)).value;
  return keptPage(pages, options.actor, [options.view, options.page.limit, ...(options.page.after ?? [])], () => readTherapistReferrals(deps, options));
}

async function readTherapistReferrals(deps: LabelledReadDeps, options: TherapistListOptions): Promise<KeptPage<KeysetPage<TherapistReferralSummary>>> {
  const { db, pool } = deps.database;
  const therapistId = options.actor.userId;
  const found = await listTherapistEntryRows(pool, therapistId, options.view, { reference: options.reference, page: options.page });
  // A search by reference finds at most one row: its page is the whole answer.
  const { rows, nextCursor } = options.reference === undefined ? splitPage(found, options.page, (row) => [row.sortKey, row.id]) : { rows: found, nextCursor: null };
  // Each row carries the total; a page past the last row (its rows gone meanwhile) has none to carry it.
  const total = found[0]?.total ?? (options.page.after && options.reference === undefined ? await countTherapistReferrals(db, therapistId, options.view) : 0);
  const names = await shortNames(deps, options, rows.map((row) => row.id));
  // The page's statement read what its entries show (list-queries.ts): nothing more to query.
  // A page past the last row has no row to say when it expires: it is not kept (until 0).
  const until = found[0] ? (found[0].until ?? undefined) : options.page.after ? 0 : undefined;
  return { value: { items: presentTherapistSummaries(rows, names), nextCursor, total }, until };
}

export async function getTherapistReferral(deps: LabelledReadDeps, options: Caller & { referralId: string }): Promise<TherapistReferral> {
  const { db } = deps.database;
  const { referralId } = options;
  const therapistId = options.actor.userId;
  const referral = await findTherapistReferral(db, therapistId, referralId);
  if (!referral) throw notFound();
  const offer = await findOffer(db, referralId, therapistId);
  const [view] = await presentTherapistReferrals(db, therapistId, [{ referral, offer }], await shortNames(deps, options, [referralId]));
  if (!view) throw notFound();
  return view;
}

export async function listReferralsForManagers({ database }: ReadDeps): Promise<Array<AgencyReferralSummary & { agencyName: string }>> {
  const rows = await listAgencyEntriesForManagers(database.db);
  const summaries = presentAgencyEntries(rows);
  return summaries.map((summary, index) => ({ ...summary, agencyName: rows[index]?.agencyName ?? '' }));
}

/** The manager's eligibility view reads the same settings the offers were judged by. */
interface EligibilityDeps extends ReadDeps {
  config: StandingConfig;
}

async function judgeAll(db: Db, config: StandingConfig, referral: ReferralRow, therapists: TherapistProfileForMatching[]): Promise<EligibilityView[]> {
  const services = ((await servicesOf(db, [referral.id])).get(referral.id) ?? []).map((s) => s.serviceId as ServiceTypeId);
  const offered = await offeredTherapistIds(db, referral.id);
  const judged = await judgeTherapists(db, config, therapists, { ...referral, services });
  return judged.map(({ therapist, verdict }) => {
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
  { database, config }: EligibilityDeps,
  { referralId, therapistId }: { referralId: string; therapistId: string },
): Promise<EligibilityView> {
  const { db } = database;
  const [referral, therapist] = await Promise.all([findReferralForManagers(db, referralId), findTherapistForManagers(db, therapistId)]);
  if (!referral) throw notFound();
  if (!therapist) throw new AppError('NOT_FOUND', 'No such therapist.');
  const [view] = await judgeAll(db, config, referral, [therapist]);
  if (!view) throw new AppError('NOT_FOUND', 'No such therapist.');
  return view;
}

export async function searchEligibility({ database, config }: EligibilityDeps, { referralId, q }: { referralId: string; q: string }): Promise<EligibilityView[]> {
  const { db } = database;
  const referral = await findReferralForManagers(db, referralId);
  if (!referral) throw notFound();
  return judgeAll(db, config, referral, await searchTherapistsForManagers(db, q));
}

import type {
  ActivityItem,
  AdminDashboard,
  AgencyDashboard,
  NetworkTherapist,
  PatientRecord,
  ScheduleItem,
  TherapistDashboard,
} from '../../domain/dashboards';
import type { Discipline } from '../../domain/accounts';
import { referralLabel } from '../../domain/referral-reference';
import type { ReferralStatus } from '../../domain/referrals';
import type { VisitStatus } from '../../domain/visits';
import type { Actor } from '../auth/session';
import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { timestampIso } from '../db/iso-timestamp';
import { AppError } from '../errors';
import { readPatientShortNames } from '../patients/short-names';
import type { Caller } from '../use-case';
import {
  agencyActivity,
  agencyFigures,
  marketplaceFigures,
  therapistFigures,
  therapistSchedule,
  type ActivityRow,
} from './queries';
import { networkTherapistsPage, patientRecordsPage } from './list-queries';
import { splitPage, type PageRequest } from '../http/keyset';
import type { KeysetPage } from '../../domain/keyset-page';
import type { PageCache } from './page-cache';
import { keptPage } from './tenant-reads';

const RECENT_ACTIVITY = 10;

const ratio = (done: number, due: number) => (due > 0 ? done / due : null);
const iso = (value: Date | string) => new Date(value).toISOString();

/** What each event says: referral facts only (discipline, city, service), never the patient. */
function describe(row: ActivityRow): string {
  const place = `${row.city}, ${row.state}`;
  switch (row.kind) {
    case 'referral_posted':
      return `${row.discipline} referral in ${place} posted`;
    case 'referral_matched':
      return `${row.discipline} referral in ${place} matched with a therapist`;
    case 'referral_cancelled':
      return `${row.discipline} referral in ${place} cancelled`;
    case 'visit_completed':
      return `${row.service_name ?? 'Visit'} completed in ${place}`;
    case 'visit_missed':
      return `${row.service_name ?? 'Visit'} missed in ${place}`;
  }
}

export async function getAgencyDashboard({ database, agencyId }: { database: Database; agencyId: string }): Promise<AgencyDashboard> {
  const [figures, activity] = await Promise.all([agencyFigures(database.db, agencyId), agencyActivity(database.db, agencyId, RECENT_ACTIVITY)]);
  if (!figures?.company_name) throw new AppError('NOT_FOUND', 'No agency profile was found for this account.');
  return {
    companyName: figures.company_name,
    networkTherapists: figures.network_therapists,
    activePatients: figures.active_patients,
    pendingReferrals: figures.pending_referrals,
    medianFillMinutes: figures.median_fill_minutes,
    visitCompletionRate: ratio(figures.visits_done, figures.visits_due),
    hasReferrals: figures.has_referrals,
    recentActivity: activity.map(
      (row): ActivityItem => ({ kind: row.kind, at: iso(row.at), referralId: row.referral_id, text: describe(row) }),
    ),
  };
}

export async function getTherapistDashboard({ database, therapistId }: { database: Database; therapistId: string }): Promise<TherapistDashboard> {
  const figures = await therapistFigures(database.db, therapistId);
  if (!figures) throw new AppError('NOT_FOUND', 'No therapist profile was found for this account.');
  const schedule = await therapistSchedule(database.db, therapistId, figures.time_zone);
  return {
    firstName: figures.first_name,
    lastName: figures.last_name,
    activePatients: figures.active_patients,
    completedVisitsThisMonth: figures.completed_visits_this_month,
    pendingPaymentsAmount: Number(figures.pending_payments_amount),
    timeZone: figures.time_zone,
    todaysSchedule: schedule.map(
      (row): ScheduleItem => ({
        visitId: row.visit_id,
        referralId: row.referral_id,
        scheduledStart: iso(row.scheduled_start),
        durationMinutes: row.duration_minutes,
        status: row.status as VisitStatus,
        serviceName: row.service_name,
        city: row.city,
        state: row.state,
        referenceLabel: referralLabel({ referenceNumber: row.reference_number, city: row.city, state: row.state }),
      }),
    ),
  };
}

/** The admin dashboard's marketplace figures, which may be kept a few seconds (cached-figures.ts adds the undelivered count, always fresh). */
export type MarketplaceFigures = Omit<AdminDashboard, 'undeliveredMessages'>;

export async function getAdminDashboard({ database }: { database: Database }): Promise<MarketplaceFigures> {
  const figures = await marketplaceFigures(database.db);
  if (!figures) throw new Error('marketplace figures returned no row');
  return {
    openReferrals: figures.open_referrals,
    medianFillMinutes: figures.median_fill_minutes,
    completionRate: ratio(figures.visits_done, figures.visits_due),
    visitsThisMonth: figures.visits_this_month,
    amountPaidThisMonth: Number(figures.amount_paid_this_month),
  };
}

/** A page of the therapists who have worked the agency's referrals, the latest match first. */
export async function listNetworkTherapists(
  deps: { database: Database; pages: PageCache<KeysetPage<NetworkTherapist>> },
  options: { actor: Actor; page: PageRequest },
): Promise<KeysetPage<NetworkTherapist>> {
  const { page } = options;
  return keptPage(deps.pages, options.actor, [page.limit, ...(page.after ?? [])], async () => ({ value: await readNetworkTherapists(deps, options) }));
}

async function readNetworkTherapists({ database }: { database: Database }, { actor, page }: { actor: Actor; page: PageRequest }): Promise<KeysetPage<NetworkTherapist>> {
  const found = await networkTherapistsPage(database.pool, actor.userId, page);
  const { rows, nextCursor } = splitPage(found.rows, page, (row) => [row.sort_key, row.id]);
  const items = rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    disciplines: row.disciplines as Discipline[],
    referralsCount: row.referrals_count,
    activeReferrals: row.active_referrals,
    lastMatchedAt: timestampIso(row.sort_key),
  }));
  return { items, nextCursor, total: found.total };
}

/**
 * A page of the agency's matched referrals, each labelled with its patient's short name where the
 * agency may read it (aal2, details added: each name an audited patient read), else with its place.
 * Kept (tenant-reads.ts) until the agency's referrals, their visits' counts kept on them, a matched
 * therapist's name or a patient's details being saved change (each announced to the agency).
 */
export async function listPatientRecords(
  deps: { database: Database; phiBox: PhiBox; pages: PageCache<KeysetPage<PatientRecord>> },
  options: Caller & { page: PageRequest },
): Promise<KeysetPage<PatientRecord>> {
  return keptPage(deps.pages, options.actor, [options.page.limit, ...(options.page.after ?? [])], async () => ({ value: await readPatientRecords(deps, options) }));
}

async function readPatientRecords(deps: { database: Database; phiBox: PhiBox }, options: Caller & { page: PageRequest }): Promise<KeysetPage<PatientRecord>> {
  const found = await patientRecordsPage(deps.database.pool, options.actor.userId, options.page);
  const { rows, nextCursor } = splitPage(found.rows, options.page, (row) => [row.sort_key, row.referral_id]);
  const names = await readPatientShortNames(deps.database.db, deps, { actor: options.actor, client: options.client, referralIds: rows.map((row) => row.referral_id) });
  const items = rows.map((row) => ({
    referralId: row.referral_id,
    referenceNumber: row.reference_number,
    referenceLabel: referralLabel({ referenceNumber: row.reference_number, city: row.city, state: row.state, patientShortName: names.get(row.referral_id) }),
    status: row.status as ReferralStatus,
    discipline: row.discipline,
    city: row.city,
    state: row.state,
    matchedAt: timestampIso(row.sort_key),
    therapistName: row.therapist_name,
    detailsAdded: row.details_added,
    visitsDone: row.visits_done,
    visitsTotal: row.visits_total,
  }));
  return { items, nextCursor, total: found.total };
}

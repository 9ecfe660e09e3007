import { sql } from 'drizzle-orm';
import { EXPIRING_WITHIN_HOURS } from '../../domain/attention';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zones';
import type { Db } from '../db/client';

/**
 * The counts behind "Needs your attention", one statement per role. Each count comes with the
 * first record it counts (the oldest or most urgent), so a count of one can lead straight to it.
 * The agency's and the therapist's are scoped by their id in every `where`; the manager's
 * (`marketplaceAttention`) is the one that reads every tenant.
 */

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = await db.execute(query);
  return result.rows[0] as T;
}

export interface AgencyAttentionRow {
  responses: number;
  response_referrals: number;
  first_response_referral: string | null;
  notes: number;
  first_note_visit: string | null;
  failed_payments: number;
}

export function agencyAttention(db: Db, agencyId: string): Promise<AgencyAttentionRow> {
  return one<AgencyAttentionRow>(
    db,
    sql`
    with responses as (
      -- Answers the agency has to act on: an acceptance (also of its counter) or a rate request, on a referral still open.
      select rr.referral_id, rr.updated_at from referral_responses rr join referrals r on r.id = rr.referral_id
      where r.agency_id = ${agencyId} and r.status = 'posted' and (r.expires_at is null or r.expires_at > now())
        and rr.status in ('accepted', 'rate_requested')
    ), notes as (
      -- A documented visit has a signed note waiting for the agency's review.
      select id, scheduled_start from visits where agency_id = ${agencyId} and status = 'documented'
    )
    select
      (select count(*) from responses)::int as responses,
      (select count(distinct referral_id) from responses)::int as response_referrals,
      (select referral_id from responses order by updated_at limit 1) as first_response_referral,
      (select count(*) from notes)::int as notes,
      (select id from notes order by scheduled_start limit 1) as first_note_visit,
      (select count(*) from invoice_lines where agency_id = ${agencyId} and status = 'failed')::int as failed_payments`,
  );
}

export interface TherapistAttentionRow {
  visits_today: number;
  first_visit_today: string | null;
  notes_due: number;
  first_note_due: string | null;
  offers_expiring: number;
  first_offer_expiring: string | null;
}

export function therapistAttention(db: Db, therapistId: string): Promise<TherapistAttentionRow> {
  return one<TherapistAttentionRow>(
    db,
    sql`
    with tz as (
      select coalesce((select time_zone from useraccounts where user_id = ${therapistId}), ${DEFAULT_TIME_ZONE}) as zone
    ), day as (
      select date_trunc('day', now() at time zone tz.zone) at time zone tz.zone as start,
             (date_trunc('day', now() at time zone tz.zone) + interval '1 day') at time zone tz.zone as finish
      from tz
    ), today as (
      -- Today's visits on the therapist's own clock still to be done (checked in or not yet).
      select v.id, v.scheduled_start from visits v, day
      where v.therapist_id = ${therapistId} and v.status in ('scheduled', 'in_progress')
        and v.scheduled_start >= day.start and v.scheduled_start < day.finish
    ), due as (
      -- Checked out, notes not signed yet (a returned note is back to this state too).
      select id, check_out_at from visits where therapist_id = ${therapistId} and status = 'completed'
    ), expiring as (
      -- Open offers whose window closes soon that still wait on the therapist: unanswered, or the agency's counter.
      select r.id, r.expires_at from referral_offers o join referrals r on r.id = o.referral_id
      where o.therapist_id = ${therapistId} and o.hidden_at is null and r.status = 'posted'
        and r.expires_at > now() and r.expires_at <= now() + make_interval(hours => ${EXPIRING_WITHIN_HOURS})
        and not exists (select 1 from referral_responses rr where rr.referral_id = r.id and rr.therapist_id = ${therapistId} and rr.status <> 'countered')
    )
    select
      (select count(*) from today)::int as visits_today,
      (select id from today order by scheduled_start limit 1) as first_visit_today,
      (select count(*) from due)::int as notes_due,
      (select id from due order by check_out_at limit 1) as first_note_due,
      (select count(*) from expiring)::int as offers_expiring,
      (select id from expiring order by expires_at limit 1) as first_offer_expiring`,
  );
}

export interface MarketplaceAttentionRow {
  signups: number;
  credential_changes: number;
  credentials_to_verify: number;
  suspended_therapists: number;
}

/** Manager only: work waiting across every tenant (the undelivered count comes from delivery/service.ts). */
export function marketplaceAttention(db: Db): Promise<MarketplaceAttentionRow> {
  return one<MarketplaceAttentionRow>(
    db,
    sql`
    select
      (select count(*) from useraccounts where status = 'pending')::int as signups,
      (select count(*) from credential_changes where status = 'pending')::int as credential_changes,
      (select count(*) from therapist_credentials where status = 'submitted')::int as credentials_to_verify,
      (select count(*) from therapist_profiles where suspended_at is not null)::int as suspended_therapists`,
  );
}

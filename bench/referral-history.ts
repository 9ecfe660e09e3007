/**
 * A market's past referrals for the benchmarks that post new ones (matching.ts, fanout-seed.ts):
 * closed referrals of the bench's agencies, each with the offers it made to the bench's therapists.
 * The caller runs ANALYZE after it.
 *
 * Why: on a new database the tables a post writes are empty, and each pooled connection plans the
 * statements a post runs inside PostgreSQL (the foreign-key check of each offer's referral, the
 * triggers' recounts) while a table holds a page or two, where a sequential scan is cheapest, and
 * keeps that plan: the scans then grew with every post (in the matching benchmark a check of an
 * offer's referral took 0.04–0.08 ms instead of 0.005, the offers' recount 1–2 ms instead of 0.3,
 * and posts/s fell from round to round). A live market's tables have rows and statistics, and its
 * plans read by index; with a history, so do the benchmark's.
 */
import type pg from 'pg';

export interface ReferralHistory {
  /** The agencies whose referrals these were, taken in turn. */
  agencyIds: string[];
  referrals: number;
  offersPerReferral: number;
}

/** Inserts the history in two statements: the referrals, expired weeks ago, then their offers, to therapists taken in turn. */
export async function seedReferralHistory(client: pg.Client, history: ReferralHistory): Promise<void> {
  await client.query(
    `insert into referrals (agency_id, status, discipline, patient_zip, patient_city, patient_state, latitude, longitude, visit_frequency,
       start_by, urgency, clinical_summary, offer_open_hours, posted_at, expires_at, closed_at, created_at, updated_at)
     select ($1::text[])[1 + n % cardinality($1::text[])], 'expired', 'PT', '78701', 'Austin', 'TX', 30.27, -97.74, '2w4',
       current_date - 30, 'routine', 'Past referral (benchmark history).', 24,
       now() - interval '40 days', now() - interval '39 days', now() - interval '39 days', now() - interval '40 days', now() - interval '39 days'
     from generate_series(0, $2::int - 1) as n`,
    [history.agencyIds, history.referrals],
  );
  // Offer k of referral n goes to therapist (n * per + k) mod the therapists: spread over all of them.
  // The therapists by position in one array, made once (materialized): with the referrals estimated
  // at one row, the plan read the therapists again for each of them (their count before, the array
  // here unmaterialized), about 80 s for 10,000 referrals over 50,000 therapists.
  await client.query(
    `with t as materialized (select array_agg(id order by id) as ids from therapist_profiles),
       r as (select id, row_number() over (order by id) - 1 as n from referrals where agency_id = any($1::text[]) and status = 'expired')
     insert into referral_offers (referral_id, therapist_id, distance_miles, notified_at)
     select r.id, t.ids[1 + (r.n * $2::int + k) % cardinality(t.ids)], 5, now() - interval '40 days'
     from r cross join t cross join generate_series(0, $2::int - 1) as k`,
    [history.agencyIds, history.offersPerReferral],
  );
}

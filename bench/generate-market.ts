/**
 * A realistic market written in a few set-based statements (seconds, not minutes): agencies,
 * therapists, referrals in every status with posted → matched times, their offers to the
 * therapists around (and some answers), about seven visits per
 * matched referral with statuses that follow their dates, and the invoice lines and payouts of
 * approved and paid visits. For benchmarks and for looking at dashboards with real volume; run on
 * an empty, migrated database (e.g. the one `startBenchApp` starts).
 */
import pg from 'pg';

export interface MarketSize {
  agencies: number;
  therapists: number;
  /** Referrals per agency; about 72% end up matched, with 7 visits each. */
  referralsPerAgency: number;
}

export const DEFAULT_MARKET: MarketSize = { agencies: 200, therapists: 5000, referralsPerAgency: 55 };

export interface Market {
  agencyIds: string[];
  therapistIds: string[];
  managerId: string;
  counts: { agencies: number; therapists: number; referrals: number; offers: number; visits: number; payouts: number };
  seconds: number;
}

const VISITS_PER_REFERRAL = 7;
/** How many therapists around an agency's neighbourhood its posts are offered to (those of the referral's discipline). */
const OFFER_AREA = 300;

/** Writes the market in one transaction and vacuums and analyzes the tables; ids are `gen-agency-<n>`, `gen-therapist-<n>`, `gen-manager-1`. */
export async function generateMarket(databaseUrl: string, size: MarketSize = DEFAULT_MARKET): Promise<Market> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // Deterministic, so a run's figures can be compared with the next.
    await client.query('select setseed(0.42)');
    await client.query(
      `insert into "user" (id, name, email, email_verified)
       select 'gen-agency-' || n, 'Generated Agency ' || n, 'agency' || n || '@generated.test', true from generate_series(1, $1::int) n
       union all
       select 'gen-therapist-' || n, 'Gen Therapist' || n, 'therapist' || n || '@generated.test', true from generate_series(1, $2::int) n
       union all
       select 'gen-manager-1', 'Generated Manager', 'manager1@generated.test', true`,
      [size.agencies, size.therapists],
    );
    await client.query(
      `insert into useraccounts (user_id, email, user_type, status)
       select id, email, case when id like 'gen-agency-%' then 'agency' when id like 'gen-therapist-%' then 'therapist' else 'manager' end, 'approved'
       from "user" where id like 'gen-%'`,
    );
    await client.query(
      `insert into agency_profiles (id, company_name, contact_email, contact_phone, address, city, state, zip_code, status)
       select 'gen-agency-' || n, 'Generated Agency ' || n || ' Home Health', 'agency' || n || '@generated.test', '512-555-0100',
              '100 Congress Ave', 'Austin', 'TX', '78701', 'approved'
       from generate_series(1, $1::int) n`,
      [size.agencies],
    );
    await client.query(
      `insert into therapist_profiles (id, first_name, last_name, email, phone, zip_code, disciplines, status)
       select 'gen-therapist-' || n, 'Gen', 'Therapist' || n, 'therapist' || n || '@generated.test', '512-555-0101', '78701',
              array[(array['PT','PT','PTA','OT','COTA','ST'])[1 + n % 6]], 'approved'
       from generate_series(1, $1::int) n`,
      [size.therapists],
    );
    await client.query(
      `insert into manager_profiles (id, first_name, last_name, email, phone) values ('gen-manager-1', 'Generated', 'Manager', 'manager1@generated.test', '512-555-0102')`,
    );

    // Referrals over the last 120 days. Each agency works with a neighbourhood of about 60 therapists.
    // Fill times are skewed as real ones are: most within hours, a few over a day.
    await client.query(
      `with base as (
         select a, k, now() - random() * interval '120 days' as posted_at, random() as roll,
                interval '1 minute' * exp(random() * 7.5) as fill,
                1 + ((a * 25 + (random() * 60)::int) % $2::int) as therapist_n
         from generate_series(1, $1::int) a, generate_series(1, $3::int) k
       ), shaped as (
         select *, case
           when roll < 0.05 then 'draft'
           when roll < 0.14 then 'posted'
           when roll < 0.21 then 'cancelled'
           when roll < 0.28 then 'expired'
           when posted_at + fill > now() then 'posted'
           when posted_at > now() - interval '45 days' then (case when roll < 0.6 then 'matched' else 'in_progress' end)
           else 'completed' end as status
         from base
       )
       insert into referrals (agency_id, status, discipline, patient_zip, patient_city, patient_state, latitude, longitude, visit_frequency,
                              start_by, urgency, clinical_summary, offer_open_hours, created_at, updated_at, posted_at, expires_at,
                              first_response_at, matched_at, matched_therapist_id, cancelled_at, cancel_reason, closed_at)
       select 'gen-agency-' || a, status, (array['PT','OT','ST'])[1 + k % 3], '78701', 'Austin', 'TX', 30.27, -97.74, '2w4',
              (posted_at + interval '7 days')::date, 'routine', 'Generated referral: gait and strength training.', 72,
              posted_at, posted_at,
              case when status = 'draft' then null else posted_at end,
              case when status = 'draft' then null when status = 'posted' then greatest(posted_at + interval '72 hours', now() + interval '1 day')
                   else posted_at + interval '72 hours' end,
              case when status in ('matched','in_progress','completed') then posted_at + fill / 2 end,
              case when status in ('matched','in_progress','completed') then posted_at + fill end,
              case when status in ('matched','in_progress','completed') then 'gen-therapist-' || therapist_n end,
              case when status = 'cancelled' then posted_at + interval '1 day' end,
              case when status = 'cancelled' then 'Generated cancellation' end,
              case when status in ('cancelled','expired','completed') then posted_at + interval '30 days' end
       from shaped`,
      [size.agencies, size.therapists, size.referralsPerAgency],
    );
    await client.query(
      `insert into referral_services (referral_id, service_id, visit_count, offered_rate)
       select r.id, s.id, case when s.id = 'evaluation' then 1 else $1::int - 1 end, s.default_rate
       from referrals r, service_types s where s.id in ('evaluation', 'treatment')`,
      [VISITS_PER_REFERRAL],
    );

    // Offers, as a post writes them: each posted referral offered to the therapists of its
    // discipline in the agency's wider area (OFFER_AREA therapists around its neighbourhood), so a
    // therapist sees the open referrals of a dozen agencies, as in a metro. Without offers the
    // therapist's 'Referrals near me' is empty and its benchmark measures an empty page.
    await client.query(
      `insert into referral_offers (referral_id, therapist_id, distance_miles, notified_at, hidden_at, open_posted_at, open_expires_at)
       select r.id, 'gen-therapist-' || t.n, round((1 + random() * 24)::numeric, 1)::real, r.posted_at,
              case when random() < 0.03 then r.posted_at + interval '2 hours' end,
              -- The referral's open state, as posting gives it (else the insert trigger fills it in).
              case when r.status = 'posted' then r.posted_at end, case when r.status = 'posted' then r.expires_at end
       from referrals r
       cross join lateral (
         select 1 + ((substr(r.agency_id, 12)::int * 25 - $2::int / 2 + j + $1::int) % $1::int) as n from generate_series(0, $2::int - 1) j
       ) t
       where r.posted_at is not null and (array['PT','PT','PTA','OT','COTA','ST'])[1 + t.n % 6] = r.discipline`,
      [size.therapists, OFFER_AREA],
    );
    // Some answers on the open ones (the therapist's own shows on their page), and the therapists'
    // own rates (shown beside each offer).
    await client.query(
      `insert into referral_responses (referral_id, therapist_id, status, requested_rates, created_at, updated_at)
       select o.referral_id, o.therapist_id, 'accepted',
              (select jsonb_object_agg(s.service_id, s.offered_rate) from referral_services s where s.referral_id = o.referral_id),
              o.notified_at + interval '1 hour', o.notified_at + interval '1 hour'
       from referral_offers o join referrals r on r.id = o.referral_id
       where r.status = 'posted' and o.hidden_at is null and random() < 0.15`,
    );
    await client.query(
      `insert into therapist_rates (therapist_id, service_id, rate)
       select p.id, s.id, s.default_rate from therapist_profiles p, service_types s
       where p.id like 'gen-therapist-%' and s.id in ('evaluation', 'treatment')`,
    );

    // Visits twice a week from the day after the match; the status follows the date.
    await client.query(
      `with planned as (
         select r.id as referral_id, r.agency_id, r.matched_therapist_id as therapist_id, k,
                case when k = 0 then 'evaluation' else 'treatment' end as service_id,
                date_trunc('hour', r.matched_at) + interval '1 day' + k * interval '3.5 days' + interval '1 hour' * (random() * 6)::int as scheduled_start,
                random() as roll
         from referrals r, generate_series(0, $1::int - 1) k
         where r.status in ('matched','in_progress','completed')
       ), shaped as (
         select *, case
           when roll < 0.03 then 'cancelled'
           when scheduled_start > now() then 'scheduled'
           when roll < 0.08 then 'missed'
           when scheduled_start > now() - interval '1 day' then 'completed'
           when scheduled_start > now() - interval '3 days' then 'documented'
           when scheduled_start > now() - interval '10 days' then 'approved'
           else 'paid' end as status
         from planned
       )
       insert into visits (referral_id, agency_id, therapist_id, service_id, visit_type, therapist_discipline, status, scheduled_start, check_in_at, check_out_at, rate, created_at, updated_at)
       select referral_id, agency_id, therapist_id, service_id,
              -- Booked as its service's own visit type, done in the referral's discipline (as a therapist books it by default).
              case when service_id = 'evaluation' then 'evaluation' else 'routine' end,
              (select r.discipline from referrals r where r.id = shaped.referral_id),
              status, scheduled_start,
              case when status in ('completed','documented','approved','paid') then scheduled_start + interval '3 minutes' end,
              case when status in ('completed','documented','approved','paid') then scheduled_start + interval '58 minutes' end,
              case when service_id = 'evaluation' then 150 else 100 end, scheduled_start - interval '3 days', scheduled_start
       from shaped`,
      [VISITS_PER_REFERRAL],
    );
    await client.query(
      `insert into invoice_lines (visit_id, agency_id, therapist_id, service_id, amount, status, provider, idempotency_key, created_at, paid_at)
       select id, agency_id, therapist_id, service_id, rate, case when status = 'paid' then 'paid' else 'pending' end, 'ledger',
              'invoice:' || id, check_out_at + interval '2 days', case when status = 'paid' then check_out_at + interval '7 days' end
       from visits where status in ('approved','paid')`,
    );
    await client.query(
      `insert into payouts (visit_id, therapist_id, amount, status, provider, idempotency_key, created_at, paid_at)
       select id, therapist_id, rate, case when status = 'paid' then 'paid' else 'pending' end, 'ledger',
              'payout:' || id, check_out_at + interval '2 days', case when status = 'paid' then check_out_at + interval '8 days' end
       from visits where status in ('approved','paid')`,
    );
    await client.query('commit');
    // Vacuumed as well as analyzed: the state autovacuum reaches a few minutes later (visibility map
    // set, so counts are index-only scans). Without it the plans change partway through a run,
    // whenever autovacuum gets to these tables.
    await client.query('vacuum analyze');
    const { rows } = await client.query<{ referrals: number; offers: number; visits: number; payouts: number }>(
      `select (select count(*) from referrals)::int as referrals, (select count(*) from referral_offers)::int as offers,
              (select count(*) from visits)::int as visits, (select count(*) from payouts)::int as payouts`,
    );
    const counts = rows[0]!;
    return {
      agencyIds: Array.from({ length: size.agencies }, (_, i) => `gen-agency-${i + 1}`),
      therapistIds: Array.from({ length: size.therapists }, (_, i) => `gen-therapist-${i + 1}`),
      managerId: 'gen-manager-1',
      counts: { agencies: size.agencies, therapists: size.therapists, ...counts },
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

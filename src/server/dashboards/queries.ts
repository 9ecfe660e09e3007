import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zones';
import type { Db } from '../db/client';

/**
 * Dashboard figures as a few aggregate statements each. Every agency or therapist query is scoped
 * by the actor's id in its own `where`; the marketplace-wide figures go through
 * `marketplaceFigures`, the one query here that sees every tenant.
 */

const DONE = sql.raw(`('completed','documented','approved','paid')`);
const WINDOW = sql.raw(`interval '30 days'`);

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

export interface AgencyFiguresRow {
  company_name: string | null;
  network_therapists: number;
  active_patients: number;
  pending_referrals: number;
  has_referrals: boolean;
  median_fill_minutes: number | null;
  visits_due: number;
  visits_done: number;
}

export async function agencyFigures(db: Db, agencyId: string): Promise<AgencyFiguresRow | undefined> {
  const [row] = await rows<AgencyFiguresRow>(
    db,
    sql`
    with r as (
      select
        count(distinct matched_therapist_id)::int as network_therapists,
        (count(*) filter (where status in ('matched','in_progress')))::int as active_patients,
        (count(*) filter (where status = 'posted' and (expires_at is null or expires_at > now())))::int as pending_referrals,
        count(*) > 0 as has_referrals,
        (percentile_cont(0.5) within group (order by extract(epoch from matched_at - posted_at) / 60)
          filter (where matched_at >= now() - ${WINDOW} and posted_at is not null))::float8 as median_fill_minutes
      from referrals where agency_id = ${agencyId}
    ), v as (
      select count(*)::int as visits_due, (count(*) filter (where status in ${DONE}))::int as visits_done
      from visits
      -- A visit is due once its start has passed, or sooner when it was done early (checked in before it).
      where agency_id = ${agencyId} and scheduled_start >= now() - ${WINDOW} and (scheduled_start <= now() or status in ${DONE}) and status <> 'cancelled'
    )
    select (select company_name from agency_profiles where id = ${agencyId}) as company_name, r.*, v.*
    from r, v`,
  );
  return row;
}

export interface ActivityRow {
  kind: 'referral_posted' | 'referral_matched' | 'referral_cancelled' | 'visit_completed' | 'visit_missed';
  at: Date;
  referral_id: string;
  discipline: string;
  city: string;
  state: string;
  service_name: string | null;
}

/** The agency's latest referral and visit events (each branch limited first, so each reads a few rows). */
export async function agencyActivity(db: Db, agencyId: string, limit: number): Promise<ActivityRow[]> {
  return rows<ActivityRow>(
    db,
    sql`
    select * from (
      (select 'referral_posted' as kind, posted_at as at, id as referral_id, discipline, patient_city as city, patient_state as state, null as service_name
        from referrals where agency_id = ${agencyId} and posted_at is not null order by posted_at desc limit ${limit})
      union all
      (select 'referral_matched', matched_at, id, discipline, patient_city, patient_state, null
        from referrals where agency_id = ${agencyId} and matched_at is not null order by matched_at desc limit ${limit})
      union all
      (select 'referral_cancelled', cancelled_at, id, discipline, patient_city, patient_state, null
        from referrals where agency_id = ${agencyId} and cancelled_at is not null order by cancelled_at desc limit ${limit})
      union all
      (select case when v.status = 'missed' then 'visit_missed' else 'visit_completed' end, v.at, v.referral_id, r.discipline, r.patient_city, r.patient_state, s.name
        from (
          select referral_id, service_id, status, coalesce(check_out_at, updated_at) as at from visits
          where agency_id = ${agencyId} and (check_out_at is not null or status = 'missed')
          order by coalesce(check_out_at, updated_at) desc limit ${limit}
        ) v join referrals r on r.id = v.referral_id join service_types s on s.id = v.service_id)
    ) events order by at desc limit ${limit}`,
  );
}

export interface TherapistFiguresRow {
  first_name: string;
  last_name: string;
  time_zone: string;
  active_patients: number;
  completed_visits_this_month: number;
  pending_payments_amount: string;
}

export async function therapistFigures(db: Db, therapistId: string): Promise<TherapistFiguresRow | undefined> {
  const [row] = await rows<TherapistFiguresRow>(
    db,
    sql`
    with tz as (
      select coalesce((select time_zone from useraccounts where user_id = ${therapistId}), ${DEFAULT_TIME_ZONE}) as zone
    ), month as (
      select date_trunc('month', now() at time zone tz.zone) at time zone tz.zone as start, tz.zone from tz
    )
    select t.first_name, t.last_name, month.zone as time_zone,
      (select count(*) from referrals where matched_therapist_id = ${therapistId} and status in ('matched','in_progress'))::int as active_patients,
      (select count(*) from visits
        where therapist_id = ${therapistId} and status in ${DONE}
          and scheduled_start >= month.start
          and scheduled_start < ((month.start at time zone month.zone) + interval '1 month') at time zone month.zone)::int as completed_visits_this_month,
      (select coalesce(sum(amount), 0) from payouts where therapist_id = ${therapistId} and status <> 'paid')::text as pending_payments_amount
    from therapist_profiles t, month
    where t.id = ${therapistId}`,
  );
  return row;
}

export interface ScheduleRow {
  visit_id: string;
  referral_id: string;
  scheduled_start: Date;
  duration_minutes: number;
  status: string;
  service_name: string;
  city: string;
  state: string;
  reference_number: number;
}

/** The therapist's visits that start today in `timeZone` (cancelled ones left out). */
export async function therapistSchedule(db: Db, therapistId: string, timeZone: string): Promise<ScheduleRow[]> {
  return rows<ScheduleRow>(
    db,
    sql`
    with day as (select date_trunc('day', now() at time zone ${timeZone}) as local_start)
    select v.id as visit_id, v.referral_id, v.scheduled_start, v.duration_minutes, v.status, s.name as service_name,
           r.patient_city as city, r.patient_state as state, r.reference_number
    from day, visits v
      join referrals r on r.id = v.referral_id
      join service_types s on s.id = v.service_id
    where v.therapist_id = ${therapistId}
      and v.scheduled_start >= day.local_start at time zone ${timeZone}
      and v.scheduled_start < (day.local_start + interval '1 day') at time zone ${timeZone}
      and v.status <> 'cancelled'
    order by v.scheduled_start
    limit 50`,
  );
}

export interface MarketplaceRow {
  open_referrals: number;
  median_fill_minutes: number | null;
  visits_due: number;
  visits_done: number;
  visits_this_month: number;
  amount_paid_this_month: string;
}

/** Marketplace-wide figures for managers: the one dashboard query that reads every tenant's rows. */
export async function marketplaceFigures(db: Db, timeZone: string = DEFAULT_TIME_ZONE): Promise<MarketplaceRow | undefined> {
  const [row] = await rows<MarketplaceRow>(
    db,
    sql`
    with month as (
      select date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone} as start,
             (date_trunc('month', now() at time zone ${timeZone}) + interval '1 month') at time zone ${timeZone} as finish
    )
    select
      (select count(*) from referrals where status = 'posted' and (expires_at is null or expires_at > now()))::int as open_referrals,
      (select percentile_cont(0.5) within group (order by extract(epoch from matched_at - posted_at) / 60)
         from referrals where matched_at >= now() - ${WINDOW} and posted_at is not null)::float8 as median_fill_minutes,
      v.visits_due, v.visits_done, v.visits_this_month,
      (select coalesce(sum(amount), 0) from payouts where status = 'paid' and paid_at >= month.start and paid_at < month.finish)::text as amount_paid_this_month
    from month, lateral (
      -- One pass over the visits of both windows (the last 30 days and this month).
      select
        (count(*) filter (where scheduled_start >= now() - ${WINDOW} and (scheduled_start <= now() or status in ${DONE}) and status <> 'cancelled'))::int as visits_due,
        (count(*) filter (where scheduled_start >= now() - ${WINDOW} and status in ${DONE}))::int as visits_done,
        (count(*) filter (where scheduled_start >= month.start and scheduled_start < month.finish and status <> 'cancelled'))::int as visits_this_month
      from visits
      where scheduled_start >= least(now() - ${WINDOW}, month.start) and scheduled_start < greatest(now(), month.finish)
    ) v`,
  );
  return row;
}


import { sql, type SQL } from 'drizzle-orm';
import { RATING_OPEN_AFTER_COMPLETION_DAYS, RATING_PERIOD_DAYS } from '../../domain/ratings';
import { isUuid } from '../../domain/uuid';
import type { Db } from '../db/client';
import { RATING_BLIND_DAYS, visibleRating } from './summary';

/**
 * The period of the referral aliased `ref` that can be rated at `now`, null when none: 0 for
 * RATING_OPEN_AFTER_COMPLETION_DAYS after it completed; while it is ongoing (matched or in
 * progress), n = the number of whole RATING_PERIOD_DAYS since its match, from the first on (so
 * each 30 days' period stays open until the next one opens). The one statement of the rule.
 */
function openPeriod(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(case
    when ref.status = 'completed' and ref.closed_at > ${at} - make_interval(days => ${RATING_OPEN_AFTER_COMPLETION_DAYS}) then 0
    when ref.status in ('matched', 'in_progress') and ref.matched_at <= ${at} - make_interval(days => ${RATING_PERIOD_DAYS})
      then floor(extract(epoch from (${at} - ref.matched_at)) / 86400 / ${RATING_PERIOD_DAYS})::int
  end)`;
}

export interface RatingReferral {
  id: string;
  agencyId: string;
  therapistId: string;
  agencyName: string;
  therapistName: string;
  referenceNumber: number;
  patientCity: string;
  patientState: string;
  openPeriod: number | null;
}

/**
 * The matched referral when `userId` is its agency or its matched therapist, with its open period
 * and both parties' names; null otherwise (another tenant's referral reads as no referral).
 */
export async function findRatingReferral(db: Db, referralId: string, userId: string, now: Date): Promise<RatingReferral | null> {
  if (!isUuid(referralId)) return null;
  const result = await db.execute<{
    id: string;
    agency_id: string;
    therapist_id: string;
    agency_name: string;
    therapist_name: string;
    reference_number: number;
    patient_city: string;
    patient_state: string;
    open_period: number | null;
  }>(sql`
    select ref.id, ref.agency_id, ref.matched_therapist_id as therapist_id, a.company_name as agency_name,
      t.first_name || ' ' || t.last_name as therapist_name, ref.reference_number, ref.patient_city, ref.patient_state,
      ${openPeriod(now)} as open_period
    from referrals ref
    join agency_profiles a on a.id = ref.agency_id
    join therapist_profiles t on t.id = ref.matched_therapist_id
    where ref.id = ${referralId} and (ref.agency_id = ${userId} or ref.matched_therapist_id = ${userId})`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    agencyId: row.agency_id,
    therapistId: row.therapist_id,
    agencyName: row.agency_name,
    therapistName: row.therapist_name,
    referenceNumber: Number(row.reference_number),
    patientCity: row.patient_city,
    patientState: row.patient_state,
    openPeriod: row.open_period === null ? null : Number(row.open_period),
  };
}

export interface RatingRow {
  period: number;
  score: number;
  comment: string;
  createdAt: Date;
}

type RawRating = { period: number; score: number; comment: string; created_at: string | Date; shown: boolean };

const toRow = (row: RawRating) => ({ period: Number(row.period), score: Number(row.score), comment: row.comment, createdAt: new Date(row.created_at), shown: row.shown });

/** The ratings `raterId` gave on the referral, each with whether its ratee can see it yet. */
export async function ratingsGivenBy(db: Db, referralId: string, raterId: string, now: Date): Promise<Array<RatingRow & { shown: boolean; shownBy: Date }>> {
  const result = await db.execute<RawRating>(sql`
    select r.period, r.score, r.comment, r.created_at, ${visibleRating(now)} as shown
    from ratings r where r.referral_id = ${referralId} and r.rater_id = ${raterId} order by r.period`);
  return result.rows.map((raw) => {
    const row = toRow(raw);
    return { ...row, shownBy: new Date(row.createdAt.getTime() + RATING_BLIND_DAYS * 86_400_000) };
  });
}

/** The ratings `rateeId` received on the referral that they may see; a hidden one is not read at all. */
export async function visibleRatingsReceivedBy(db: Db, referralId: string, rateeId: string, now: Date): Promise<RatingRow[]> {
  const result = await db.execute<RawRating>(sql`
    select r.period, r.score, r.comment, r.created_at, true as shown
    from ratings r where r.referral_id = ${referralId} and r.ratee_id = ${rateeId} and ${visibleRating(now)} order by r.period`);
  return result.rows.map(toRow);
}

/** Inserts the rating unless its rater rated that referral and period already (then null): the unique index decides a race. */
export async function insertRating(
  db: Db,
  rating: { referralId: string; period: number; raterId: string; rateeId: string; raterRole: 'agency' | 'therapist'; score: number; comment: string },
): Promise<{ id: string } | null> {
  const result = await db.execute<{ id: string }>(sql`
    insert into ratings (referral_id, period, rater_id, ratee_id, rater_role, score, comment)
    values (${rating.referralId}, ${rating.period}, ${rating.raterId}, ${rating.rateeId}, ${rating.raterRole}, ${rating.score}, ${rating.comment})
    on conflict (referral_id, period, rater_id) do nothing
    returning id`);
  return result.rows[0] ?? null;
}

export interface DueRating {
  referralId: string;
  period: number;
  userId: string;
  role: 'agency' | 'therapist';
  /** The name of the side to rate. */
  rateeName: string;
  referenceNumber: number;
  patientCity: string;
  patientState: string;
}

/**
 * Ratings that are due and not given: for each matched referral with an open period, each party
 * that has not rated it. `userId` scopes it to one user's referrals (their "Needs your attention");
 * without it, every tenant's (the prompt sweep). `also`: a further condition on the due rating `s`
 * (s.referral_id, s.period, s.user_id, s.role), such as "not prompted yet".
 */
export async function dueRatings(db: Db, now: Date, options: { userId?: string; also?: SQL; limit: number }): Promise<DueRating[]> {
  const mine = options.userId === undefined ? sql`true` : sql`(ref.agency_id = ${options.userId} or ref.matched_therapist_id = ${options.userId})`;
  const side = options.userId === undefined ? sql`true` : sql`s.user_id = ${options.userId}`;
  const result = await db.execute<{
    referral_id: string;
    period: number;
    user_id: string;
    role: 'agency' | 'therapist';
    ratee_name: string;
    reference_number: number;
    patient_city: string;
    patient_state: string;
  }>(sql`
    with open as (
      select ref.id as referral_id, ref.agency_id, ref.matched_therapist_id as therapist_id, ref.reference_number, ref.patient_city,
        ref.patient_state, ${openPeriod(now)} as period
      from referrals ref
      where ref.matched_therapist_id is not null and ref.status in ('matched', 'in_progress', 'completed') and ${mine}
    ), sides as (
      select o.*, o.agency_id as user_id, 'agency' as role, t.first_name || ' ' || t.last_name as ratee_name
      from open o join therapist_profiles t on t.id = o.therapist_id where o.period is not null
      union all
      select o.*, o.therapist_id as user_id, 'therapist' as role, a.company_name as ratee_name
      from open o join agency_profiles a on a.id = o.agency_id where o.period is not null
    )
    select s.referral_id, s.period, s.user_id, s.role, s.ratee_name, s.reference_number, s.patient_city, s.patient_state
    from sides s
    where ${side}
      and not exists (select 1 from ratings x where x.referral_id = s.referral_id and x.period = s.period and x.rater_id = s.user_id)
      and ${options.also ?? sql`true`}
    order by s.reference_number, s.user_id
    limit ${options.limit}`);
  return result.rows.map((row) => ({
    referralId: row.referral_id,
    period: Number(row.period),
    userId: row.user_id,
    role: row.role,
    rateeName: row.ratee_name,
    referenceNumber: Number(row.reference_number),
    patientCity: row.patient_city,
    patientState: row.patient_state,
  }));
}

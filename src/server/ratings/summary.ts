import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Ratings stay hidden until both sides rated the period, or this long after one side did. */
export const RATING_BLIND_DAYS = 14;

export type RatingSummary = { average: number | null; count: number };

/**
 * The one visibility rule, as a condition on the ratings row aliased `r`: a rating is shown once
 * the other side rated the same referral and period, or RATING_BLIND_DAYS after it was given, so
 * neither side can answer the other's score. Every read of someone else's rating goes through it.
 */
export function visibleRating(now: Date): SQL {
  return sql`(
    r.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${RATING_BLIND_DAYS})
    or exists (
      select 1 from ratings other
      where other.referral_id = r.referral_id and other.period = r.period and other.rater_id = r.ratee_id
    )
  )`;
}

/**
 * The visible ratings someone received (a therapist from agencies, or an agency from therapists)
 * under `visibleRating`. Average rounded to a tenth.
 */
export async function ratingSummary(db: Db, rateeId: string, now: Date = new Date()): Promise<RatingSummary> {
  const result = await db.execute<{ average: string | null; count: string }>(sql`
    select round(avg(r.score)::numeric, 1) as average, count(*) as count
    from ratings r
    where r.ratee_id = ${rateeId} and ${visibleRating(now)}`);
  const row = result.rows[0];
  return { average: row?.average == null ? null : Number(row.average), count: Number(row?.count ?? 0) };
}

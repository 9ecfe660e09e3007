import { sql } from 'drizzle-orm';
import { periodLabel } from '../../domain/ratings';
import { inTransaction, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createNotifications } from '../notifications/service';
import { referralTag } from '../notifications/wording';
import { dueRatings } from './queries';
import { RATING_BLIND_DAYS } from './summary';

/**
 * The 'rating-prompts' job, every 15 minutes: each party of a referral whose rating period opened
 * (it completed, or another 30 days of it passed) is told once, in the app, that a rating is due.
 * The notification itself marks the prompt sent (its link names the referral and period), and the
 * sweep runs under one transaction-wide lock, so a retried or concurrent run never prompts twice.
 */

export const RATING_DUE_TYPE = 'rating.due';
const BATCH = 500;
/** Any constant: two sweeps at once (two instances) take turns on it. */
const SWEEP_LOCK = 0x72617465;

/** Where the prompt leads: the referral page's rating card for that period. */
export const ratingLink = (role: 'agency' | 'therapist', referralId: string, period: number) => `/dashboard/${role}/referrals/${referralId}#rating-${period}`;

export async function runRatingPrompts(deps: { database: Database }, now = new Date()): Promise<number> {
  return inTransaction(deps.database, async (t) => {
    await t.tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    const due = await dueRatings(t.tx, now, {
      limit: BATCH,
      also: sql`not exists (select 1 from notifications n where n.user_id = s.user_id and n.type = ${RATING_DUE_TYPE}
        and n.link = '/dashboard/' || s.role || '/referrals/' || s.referral_id::text || '#rating-' || s.period::text)`,
    });
    // Names, the referral's reference and place, never the patient nor anyone's comment.
    return createNotifications(
      t,
      due.map((rating) => ({
        userId: rating.userId,
        type: RATING_DUE_TYPE,
        title: `Rate ${rating.rateeName}`,
        body: `${referralTag(rating)}: how was working with ${rating.rateeName} over ${periodLabel(rating.period)}? Your rating is shown once they rate you too, or after ${RATING_BLIND_DAYS} days.`,
        link: ratingLink(rating.role, rating.referralId, rating.period),
      })),
    );
  });
}

/** Registers the sweep's worker and its schedule (one line in runtime.ts). */
export async function startRatingPrompts(deps: { database: Database; jobs: JobQueue }): Promise<void> {
  await deps.jobs.work('rating-prompts', async () => {
    await runRatingPrompts(deps);
  });
  await deps.jobs.schedule('rating-prompts', '*/15 * * * *', {});
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The demo's stand-in for time passing. Its stories are played through the product's use cases,
 * which stamp everything with the real clock, and a demo cannot wait a week for a referral to age
 * or an hour for a visit to end. So between two steps of a story, the clock columns of what it has
 * played so far are moved back by the time that should have passed: the next step is then judged
 * by the product's own rules on those times (an offer window that has closed, a visit long enough
 * at check-out). Only times move here: statuses, money and sealed details are the use cases' own,
 * and the audit log, append-only, keeps the real time of every step.
 */

const back = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** The referral was posted (and answered, and matched) `ms` earlier than it was. */
export async function referralTimePasses(db: Db, referralId: string, ms: number): Promise<void> {
  const by = back(ms);
  await db.execute(sql`
    update referrals set created_at = created_at - ${by}, updated_at = updated_at - ${by}, posted_at = posted_at - ${by},
      expires_at = expires_at - ${by}, first_response_at = first_response_at - ${by}, matched_at = matched_at - ${by},
      cancelled_at = cancelled_at - ${by}, closed_at = closed_at - ${by}
    where id = ${referralId}`);
  await db.execute(sql`update referral_offers set notified_at = notified_at - ${by} where referral_id = ${referralId}`);
  await db.execute(sql`update referral_responses set created_at = created_at - ${by}, updated_at = updated_at - ${by} where referral_id = ${referralId}`);
}

/** The visit was scheduled for, checked in and checked out `ms` earlier than it was. */
export async function visitTimePasses(db: Db, visitId: string, ms: number): Promise<void> {
  const by = back(ms);
  await db.execute(sql`
    update visits set scheduled_start = scheduled_start - ${by}, check_in_at = check_in_at - ${by}, check_out_at = check_out_at - ${by},
      created_at = created_at - ${by}, updated_at = updated_at - ${by}
    where id = ${visitId}`);
}

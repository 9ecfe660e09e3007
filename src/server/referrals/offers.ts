import { sql } from 'drizzle-orm';
import type { ServiceTypeId } from '../../domain/accounts';
import type { Transaction } from '../db/client';
import { preparedByText } from '../db/named-statement';
import type { QueuedJob } from '../jobs/queue';
import { insertAndAnnounce, notificationsFrom, type NewNotification } from '../notifications/service';
import type { Context } from './context';
import { eligibleTherapistsSql } from './eligibility';
import { newReferralAlert } from './notify';
import type { ReferralRow } from './queries';

/**
 * Offers the referral to every eligible therapist not yet offered it, notifies them in-app at once
 * (announced on commit) and queues their email and SMS alerts. Returns how many were new, and the
 * job that alerts them, for the caller to queue with its own.
 *
 * `edit`, when a posted referral was edited: some therapists hold offers already, and are skipped;
 * its `alsoNotify` goes out in the same statement, which first locks every recipient in one ordered
 * run (see notifyAll). Without it the referral is being posted now (created posted, or a draft
 * posted: a referral never goes back to draft), so no therapist holds an offer and they go in
 * without ON CONFLICT, whose speculative insertion made inserting 5,000 offers about 20 ms slower
 * (102 against 81 ms, the insert measured alone). Were an offer there after all, the primary key
 * would refuse it and the post would fail whole, not skip it silently.
 *
 * A post to thousands of therapists is what this is shaped by: one statement finds the eligible
 * therapists (eligibility.ts: the matching rule decided in the database), locks them, inserts their
 * offers and, for the offers that were new, their notifications, worded around each distance; none
 * of them is read back but their ids, and one job alerts them by email and SMS after the commit.
 */
export async function offerToEligible(
  t: Transaction,
  context: Context,
  referral: ReferralRow,
  services: readonly { serviceId: string; offeredRate: number }[],
  edit?: { alsoNotify: NewNotification[] },
): Promise<{ offered: number; jobs: QueuedJob[] }> {
  const eligible = await eligibleTherapistsSql(t.client, context.config, { ...referral, services: services.map((s) => s.serviceId as ServiceTypeId) });
  const { shared, body } = newReferralAlert(referral, services);
  const offering = sql`eligible as (${eligible}),
    -- The referral's open state, as it stands in this transaction, given to each offer so the
    -- insert trigger (migrations 0026, 0028) has nothing to fill in and skips its update (0035).
    -- Read from the row, not from the JS row given, whose times are cut to milliseconds. Read once:
    -- joined to each eligible row, the plan read the referral again for every one of them.
    open_state as materialized (
      select posted_at, expires_at from referrals where id = ${referral.id}::uuid and status = 'posted'
    ),
    offered as (
      insert into referral_offers (referral_id, therapist_id, distance_miles, open_posted_at, open_expires_at)
      select ${referral.id}::uuid, e.therapist_id, e.distance_miles, s.posted_at, s.expires_at
      from eligible e left join open_state s on true
      ${edit ? sql`on conflict do nothing` : sql``}
      returning therapist_id, distance_miles
    )`;
  // The distance to a tenth of a mile, as toFixed(1) gives the rule's rounded figure (the offer's
  // real holds it to six digits). Read from the offers inserted rather than joined back to the
  // eligible: the planner cannot know how many there are, and guessed one.
  const alerts = sql`select o.therapist_id, ${shared.type}::text, ${shared.title}::text,
      ${body.before}::text || round(o.distance_miles::numeric, 1)::text || ${body.after}::text, ${shared.link}::text
    from offered o`;
  const alsoNotify = edit?.alsoNotify ?? [];
  const alsoIds = alsoNotify.map((n) => n.userId);
  // Planned once per connection (genericPlan): its one plan is the same whatever the values — the
  // coverage index from the patient's point, then each candidate by key — for ten therapists or
  // five thousand (EXPLAIN ANALYZE of both), but with the point a parameter PostgreSQL prices it
  // above a custom plan and would otherwise plan it again on every post, a millisecond or more.
  const [row] = await preparedByText<{ offered: number; offeredIds?: string[] | null }>(
    t.client,
    insertAndAnnounce(alsoNotify.length > 0 ? sql`${alerts} union all ${notificationsFrom(alsoNotify)}` : alerts, {
      lock: sql`select therapist_id from eligible union select unnest(${sql.param(alsoIds)}::text[])`,
      before: offering,
      extra: sql`(select count(*) from offered)::int as offered${edit ? sql`, (select array_agg(therapist_id) from offered) as "offeredIds"` : sql``}`,
    }),
    { genericPlan: true },
  );
  if (!row || row.offered === 0) return { offered: 0, jobs: [] };
  // One job, committed with the offers, sends their email and SMS alerts afterwards (alert-job.ts):
  // writing thousands of mails here would hold the agency's request (and the referral's lock) for them.
  // A referral being posted offers it to no one before, so its job names no therapist: it alerts
  // every offer not alerted yet. Listing them made a post to 5,000 insert a job of about 190 kB,
  // 7 to 14 ms of its time against about 0.6 for a small one. An edit's names the therapists newly
  // offered, as the others' alerts are another job's (held for quiet hours, or given up on).
  const data = edit ? { referralId: referral.id, therapistIds: row.offeredIds ?? [] } : { referralId: referral.id };
  return { offered: row.offered, jobs: [{ name: 'referral-alerts', data }] };
}

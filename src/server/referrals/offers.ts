import { sql } from 'drizzle-orm';
import type { ServiceTypeId } from '../../domain/accounts';
import type { Transaction } from '../db/client';
import type { QueuedJob } from '../jobs/queue';
import { insertAndAnnounce, notificationsFrom, type NewNotification } from '../notifications/service';
import type { Context } from './context';
import { findEligibleTherapists } from './eligibility';
import { newReferralAlert } from './notify';
import type { ReferralRow } from './queries';

/**
 * Offers the referral to every eligible therapist not yet offered it, notifies them in-app at once
 * (announced on commit) and queues their email and SMS alerts. `alsoNotify` goes out in the same
 * statement, which first locks every recipient in one ordered run (see notifyAll). Returns how many
 * were new, and the job that queues their alerts, for the caller to queue with its own.
 *
 * A post to thousands of therapists is what this is shaped by: the offers and the notifications
 * are inserted by one statement from the same array parameters (the notifications only for the
 * offers that were new), locking the recipients first, and one job alerts them by email and SMS
 * after the commit.
 */
export async function offerToEligible(
  t: Transaction,
  context: Context,
  referral: ReferralRow,
  services: readonly { serviceId: string; offeredRate: number }[],
  alsoNotify: NewNotification[] = [],
): Promise<{ offered: number; jobs: QueuedJob[] }> {
  const eligible = await findEligibleTherapists(t.client, context.config, { ...referral, services: services.map((s) => s.serviceId as ServiceTypeId) });
  if (eligible.length === 0 && alsoNotify.length === 0) return { offered: 0, jobs: [] };
  const { shared, bodyAt } = newReferralAlert(referral, services);
  const ids = eligible.map(({ therapist }) => therapist.id);
  const fresh = sql`fresh as (
      select * from unnest(${sql.param(ids)}::text[], ${sql.param(eligible.map((e) => e.distanceMiles))}::real[],
                           ${sql.param(eligible.map((e) => bodyAt(e.distanceMiles)))}::text[]) as f(therapist_id, distance_miles, body)
    ),
    offered as (
      -- The referral's open state, as it stands in this transaction, given here so the insert
      -- trigger (migrations 0026, 0028) has nothing to fill in and no offer is written twice.
      insert into referral_offers (referral_id, therapist_id, distance_miles, open_posted_at, open_expires_at)
      select ${referral.id}::uuid, f.therapist_id, f.distance_miles, r.posted_at, r.expires_at
      from fresh f left join referrals r on r.id = ${referral.id}::uuid and r.status = 'posted'
      on conflict do nothing
      returning therapist_id
    )`;
  const alerts = sql`select f.therapist_id, ${shared.type}::text, ${shared.title}::text, f.body, ${shared.link}::text
    from fresh f join offered o on o.therapist_id = f.therapist_id`;
  const result = await t.tx.execute<{ offered: string[] }>(
    insertAndAnnounce(alsoNotify.length > 0 ? sql`${alerts} union all ${notificationsFrom(alsoNotify)}` : alerts, {
      lock: [...ids, ...alsoNotify.map((n) => n.userId)],
      before: fresh,
      extra: sql`(select coalesce(array_agg(therapist_id order by therapist_id), '{}') from offered) as offered`,
    }),
  );
  const offered = result.rows[0]?.offered ?? [];
  if (offered.length === 0) return { offered: 0, jobs: [] };
  // One job, committed with the offers, sends their email and SMS alerts afterwards (alert-job.ts):
  // writing thousands of mails here would hold the agency's request (and the referral's lock) for them.
  return { offered: offered.length, jobs: [{ name: 'referral-alerts', data: { referralId: referral.id, therapistIds: offered } }] };
}

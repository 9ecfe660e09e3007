import { and, eq, isNull, sql } from 'drizzle-orm';
import { serviceTypes } from '../../domain/accounts';
import { defaultNotificationPreferences, endOfQuietHours, type QuietHours } from '../../domain/notification-preferences';
import { usableTimeZone } from '../../domain/time-zones';
import { urgencyLabels } from '../../domain/referrals';
import { inTransaction, type Database, type Transaction } from '../db/client';
import { preparedByText } from '../db/named-statement';
import { notificationPreferences, referralOffers, useraccounts } from '../db/schema/index';
import type { JobHandler, JobQueue, QueuedJob } from '../jobs/queue';
import { queueMails, type OutgoingMail } from '../mail/queue-mail';
import { queueTexts } from '../sms/queue-sms';
import { therapistReferralLink } from './notify';

/**
 * The email and SMS alerts of the therapists offered a referral (their in-app notification went
 * out when it was posted). Nothing in them identifies a patient.
 *
 * One 'referral-alerts' job alerts all of one referral's therapists in bulk statements: their
 * settings in one read, then, in transactions of up to ALERT_CHUNK therapists, their offers locked,
 * the mail and SMS rows with their delivery jobs and the offers' `alerted_at` written together. A
 * post to ten therapists so costs one job and a handful of statements rather than ten jobs of
 * eight, and a post to thousands no more transactions than it has chunks. Therapists in their quiet
 * hours are left for a 'referral-alerts' job of their own that starts when those hours end (one job
 * per moment, for all whose quiet hours end then). `alerted_at` is set with the rows and only on an
 * offer that has none, under the offer's lock, so a job run twice, retried, or re-queued alerts no
 * one twice; a failure before the commit leaves the offers to the job's retry.
 */

/** Therapists per transaction: bounds how long a post to thousands holds their offers locked. */
const ALERT_CHUNK = 500;

type AlertDeps = { database: Database; jobs: JobQueue; publicUrl: string; now?: () => Date };

/** How a therapist wants to be alerted now: which channels, and from when (the end of their quiet hours). */
type AlertWish = { therapistId: string; email: boolean; smsPhone: string | null; from: Date };

export function createReferralAlertsJob(deps: AlertDeps): JobHandler<'referral-alerts'> {
  const now = deps.now ?? (() => new Date());
  return async ({ referralId, therapistIds }) => {
    const at = now();
    const wishes = await alertWishes(deps.database, { referralId, therapistIds }, at);
    const due = wishes.filter((wish) => wish.from <= at);
    const later = new Map<number, string[]>();
    for (const wish of wishes) if (wish.from > at) later.set(wish.from.getTime(), [...(later.get(wish.from.getTime()) ?? []), wish.therapistId]);
    if (later.size > 0) {
      await deps.jobs.sendAll(
        [...later].map(([from, ids]): QueuedJob => ({ name: 'referral-alerts', data: { referralId, therapistIds: ids }, startAfter: new Date(from) })),
      );
    }
    for (let start = 0; start < due.length; start += ALERT_CHUNK) {
      await inTransaction(deps.database, (t) => alertNow(t, deps, referralId, due.slice(start, start + ALERT_CHUNK), at));
    }
  };
}

/**
 * The 'referral-alert' job of one therapist, as the previous version queued them (jobs held back
 * for quiet hours may still be waiting): the same alert, for one.
 */
export function createReferralAlertJob(deps: AlertDeps): JobHandler<'referral-alert'> {
  const alerts = createReferralAlertsJob(deps);
  return ({ referralId, therapistId }, run) => alerts({ referralId, therapistIds: [therapistId] }, run);
}

/**
 * The channels and quiet hours of each therapist holding an offer of the referral not alerted yet
 * (of `therapistIds` only, when given), read in one statement; those who want neither email nor
 * SMS are left out. Quiet hours are wall-clock times on the therapist's own zone, the one their
 * pages show; their end is worked out once per distinct setting (it steps through the day).
 */
async function alertWishes(database: Database, which: { referralId: string; therapistIds?: string[] }, at: Date): Promise<AlertWish[]> {
  const rows = await database.db
    .select({ therapistId: referralOffers.therapistId, saved: notificationPreferences, zone: useraccounts.timeZone })
    .from(referralOffers)
    .leftJoin(useraccounts, eq(useraccounts.userId, referralOffers.therapistId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, referralOffers.therapistId))
    .where(
      and(
        eq(referralOffers.referralId, which.referralId),
        isNull(referralOffers.alertedAt),
        // One array parameter rather than one each: a statement takes at most 65,535 parameters.
        which.therapistIds ? sql`${referralOffers.therapistId} = any(${sql.param(which.therapistIds)}::text[])` : undefined,
      ),
    )
    // Chunked in therapist order, as each chunk locks its offers.
    .orderBy(referralOffers.therapistId);
  const ends = new Map<string, Date>();
  const endOf = (quiet: QuietHours) => {
    const key = `${quiet.start}|${quiet.end}|${quiet.timeZone}`;
    let end = ends.get(key);
    if (!end) ends.set(key, (end = endOfQuietHours(at, quiet)));
    return end;
  };
  const wishes: AlertWish[] = [];
  for (const { therapistId, saved, zone } of rows) {
    const timeZone = usableTimeZone(zone);
    const email = saved ? saved.email : defaultNotificationPreferences.email;
    const smsPhone = saved?.sms && saved.smsPhone ? saved.smsPhone : null;
    if (!email && !smsPhone) continue;
    const from = saved ? endOf({ start: saved.quietHoursStart, end: saved.quietHoursEnd, timeZone }) : at;
    wishes.push({ therapistId, email, smsPhone, from });
  }
  return wishes;
}

type ReferralForAlert = {
  id: string;
  discipline: string;
  patientCity: string;
  patientState: string;
  visitFrequency: string;
  startBy: string;
  urgency: keyof typeof urgencyLabels;
  services: Array<{ serviceId: string; visitCount: number; offeredRate: number }>;
};

/**
 * Alerts `wishes` about the referral in the caller's transaction: only while it is still posted
 * (filled, cancelled or expired meanwhile, it is no longer worth a message), and only the offers
 * not alerted yet, locked in therapist order so two runs of the job take them in the same order.
 */
async function alertNow(t: Transaction, deps: AlertDeps, referralId: string, wishes: AlertWish[], at: Date): Promise<void> {
  // Prepared by text (named-statement.ts), as these three run for every referral posted: parsed and
  // planned once per connection.
  const [referral] = await preparedByText<ReferralForAlert>(
    t.client,
    sql`
      select r.id, r.discipline, r.patient_city as "patientCity", r.patient_state as "patientState", r.visit_frequency as "visitFrequency",
             r.start_by::text as "startBy", r.urgency,
             (select coalesce(json_agg(json_build_object('serviceId', s.service_id, 'visitCount', s.visit_count, 'offeredRate', s.offered_rate::float8)), '[]')
              from referral_services s where s.referral_id = r.id) as services
      from referrals r where r.id = ${referralId} and r.status = 'posted'`,
  );
  if (!referral) return;
  const offers = await preparedByText<{ therapist_id: string; distance_miles: number; email: string }>(
    t.client,
    sql`
      select o.therapist_id, o.distance_miles, p.email
      from referral_offers o join therapist_profiles p on p.id = o.therapist_id
      where o.referral_id = ${referralId} and o.therapist_id = any(${sql.param(wishes.map((w) => w.therapistId))}::text[]) and o.alerted_at is null
      order by o.therapist_id
      for update of o`,
  );
  if (offers.length === 0) return;
  const wishOf = new Map(wishes.map((wish) => [wish.therapistId, wish]));
  const message = alertMessage(referral, `${deps.publicUrl}${therapistReferralLink(referral.id)}`);
  const mails: OutgoingMail[] = [];
  const texts: Array<{ to: string; body: string }> = [];
  for (const offer of offers) {
    const wish = wishOf.get(offer.therapist_id)!;
    if (wish.email) mails.push({ to: offer.email, ...message.mail(offer.distance_miles) });
    if (wish.smsPhone) texts.push({ to: wish.smsPhone, body: message.sms(offer.distance_miles) });
  }
  await queueMails(t, deps.jobs, mails);
  await queueTexts(t, deps.jobs, texts);
  await preparedByText(
    t.client,
    sql`update referral_offers set alerted_at = ${at.toISOString()}::timestamptz
    where referral_id = ${referralId} and therapist_id = any(${sql.param(offers.map((o) => o.therapist_id))}::text[])`,
  );
}

/** The alert's words, made once per referral; only the distance differs between therapists. */
function alertMessage(referral: ReferralForAlert, link: string) {
  const where = `${referral.patientCity}, ${referral.patientState}`;
  const serviceLines = referral.services.map((s) => {
    const name = serviceTypes.find((type) => type.id === s.serviceId)?.name ?? s.serviceId;
    return `- ${name}: ${s.visitCount} ${s.visitCount === 1 ? 'visit' : 'visits'} at $${s.offeredRate.toFixed(2)}`;
  });
  const tail = [
    '',
    ...serviceLines,
    `Visit frequency: ${referral.visitFrequency}`,
    `Start by: ${referral.startBy}`,
    `Urgency: ${urgencyLabels[referral.urgency]}`,
    '',
    `Review it and respond: ${link}`,
    '',
    'You receive these alerts because you are available for new referrals. Change this in your alert settings.',
  ].join('\n');
  const subject = `New ${referral.discipline} referral near you — ${where}`;
  return {
    mail: (distanceMiles: number) => ({
      subject,
      text: `A new ${referral.discipline} referral in ${where}, ${distanceMiles.toFixed(1)} miles from you, matches your discipline and service area.\n${tail}`,
    }),
    sms: (distanceMiles: number) => `CareRelay: new ${referral.discipline} referral in ${where} (${distanceMiles.toFixed(1)} mi). Respond: ${link}`,
  };
}

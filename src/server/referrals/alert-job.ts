import { and, eq, isNull, sql } from 'drizzle-orm';
import { serviceTypes } from '../../domain/accounts';
import { defaultNotificationPreferences, endOfQuietHours } from '../../domain/notification-preferences';
import { usableTimeZone } from '../../domain/time-zones';
import { urgencyLabels } from '../../domain/referrals';
import { inTransaction, type Database } from '../db/client';
import { notificationPreferences, referralOffers, referrals, therapistProfiles, useraccounts } from '../db/schema/index';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { queueSms } from '../sms/queue-sms';
import { therapistReferralLink } from './notify';

/**
 * The 'referral-alerts' job: queues one 'referral-alert' per therapist offered a referral, in one
 * statement. Run again after a failure it may queue some alerts twice; each alert is sent at most
 * once all the same (see below).
 */
export function createReferralAlertFanOutJob(deps: { jobs: JobQueue }): JobHandler<'referral-alerts'> {
  return async ({ referralId, therapistIds }) => {
    await deps.jobs.sendMany(
      'referral-alert',
      therapistIds.map((therapistId) => ({ referralId, therapistId })),
    );
  };
}

/** The referral's services, read with the offer it is locked by (as servicesOf reads them, in the table's order). */
const servicesColumn = sql<Array<{ serviceId: string; visitCount: number; offeredRate: number }>>`(select coalesce(json_agg(json_build_object(
    'serviceId', s.service_id, 'visitCount', s.visit_count, 'offeredRate', s.offered_rate::float8)), '[]')
  from referral_services s where s.referral_id = ${referralOffers.referralId})`;

/**
 * The 'referral-alert' job: one therapist's email and SMS about one referral they were offered
 * (the in-app notification went out when it was posted). During the therapist's quiet hours the
 * job re-queues itself for when they end. The offer's `alerted_at` is set in the same transaction
 * as the mail and SMS rows, so a retried job never alerts twice. Nothing in it identifies a patient.
 */
export function createReferralAlertJob(deps: { database: Database; jobs: JobQueue; publicUrl: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return async ({ referralId, therapistId }: { referralId: string; therapistId: string }): Promise<void> => {
    const { db } = deps.database;
    // Their preferences and their zone in one statement: a post to thousands runs this thousands of times.
    const [found] = await db
      .select({ saved: notificationPreferences, zone: useraccounts.timeZone })
      .from(useraccounts)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, useraccounts.userId))
      .where(eq(useraccounts.userId, therapistId));
    const saved = found?.saved;
    // Quiet hours are wall-clock times on the therapist's own zone, the one their pages show.
    const timeZone = usableTimeZone(found?.zone ?? null);
    const preferences = saved
      ? { email: saved.email, sms: saved.sms, smsPhone: saved.smsPhone, quiet: { start: saved.quietHoursStart, end: saved.quietHoursEnd, timeZone } }
      : { email: defaultNotificationPreferences.email, sms: false, smsPhone: null, quiet: { start: null, end: null, timeZone } };
    const wantsSms = preferences.sms && Boolean(preferences.smsPhone);
    if (!preferences.email && !wantsSms) return;

    const at = now();
    const resume = endOfQuietHours(at, preferences.quiet);
    if (resume > at) {
      await deps.jobs.send('referral-alert', { referralId, therapistId }, { startAfter: resume });
      return;
    }

    await inTransaction(deps.database, async (t) => {
      const [row] = await t.tx
        .select({ referral: referrals, offer: referralOffers, email: therapistProfiles.email, services: servicesColumn })
        .from(referralOffers)
        .innerJoin(referrals, eq(referrals.id, referralOffers.referralId))
        .innerJoin(therapistProfiles, eq(therapistProfiles.id, referralOffers.therapistId))
        .where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.therapistId, therapistId), isNull(referralOffers.alertedAt)))
        .for('update', { of: referralOffers });
      // Already alerted, or no longer worth a message: filled, cancelled or expired meanwhile.
      if (!row || row.referral.status !== 'posted') return;
      const { referral, offer, services } = row;
      const link = `${deps.publicUrl}${therapistReferralLink(referral.id)}`;
      const where = `${referral.patientCity}, ${referral.patientState}`;
      const serviceLines = services.map((s) => {
        const name = serviceTypes.find((type) => type.id === s.serviceId)?.name ?? s.serviceId;
        return `- ${name}: ${s.visitCount} ${s.visitCount === 1 ? 'visit' : 'visits'} at $${s.offeredRate.toFixed(2)}`;
      });
      if (preferences.email) {
        await queueMail(t, deps.jobs, {
          to: row.email,
          subject: `New ${referral.discipline} referral near you — ${where}`,
          text: [
            `A new ${referral.discipline} referral in ${where}, ${offer.distanceMiles.toFixed(1)} miles from you, matches your discipline and service area.`,
            '',
            ...serviceLines,
            `Visit frequency: ${referral.visitFrequency}`,
            `Start by: ${referral.startBy}`,
            `Urgency: ${urgencyLabels[referral.urgency]}`,
            '',
            `Review it and respond: ${link}`,
            '',
            'You receive these alerts because you are available for new referrals. Change this in your alert settings.',
          ].join('\n'),
        });
      }
      if (wantsSms && preferences.smsPhone) {
        await queueSms(t, deps.jobs, {
          to: preferences.smsPhone,
          body: `CareRelay: new ${referral.discipline} referral in ${where} (${offer.distanceMiles.toFixed(1)} mi). Respond: ${link}`,
        });
      }
      await t.tx
        .update(referralOffers)
        .set({ alertedAt: at })
        .where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.therapistId, therapistId)));
    });
  };
}

import { defaultNotificationPreferences } from '../../domain/notification-preferences';
import { VISIT_REMINDER_MINUTES } from '../../domain/visits';
import { inTransaction, type Database, type Transaction } from '../db/client';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { createNotifications } from '../notifications/service';
import { findVisitSubject, type VisitSubject } from '../notifications/subjects';
import { claimReminder, findVisitForReminderAnyTenant, reminderRecipients } from './queries';
import { formatVisitTime } from './reminder-time';

/** A job that arrives this much before its visit's reminder time was queued for an earlier start. */
const EARLY_TOLERANCE_MS = 2 * 60_000;

type Side = 'agency' | 'therapist';

const visitPath = (side: Side, visitId: string) => `/dashboard/${side}/visits/${visitId}`;

const wording: Record<Side, { body: (visit: VisitSubject, when: string) => string; subject: string; action: string }> = {
  therapist: {
    body: (visit, when) => `Your ${visit.serviceName} for ${visit.tag} starts ${when}.`,
    subject: 'Reminder: you have a visit soon',
    action: 'Open it in CareRelay to check in when you arrive:',
  },
  agency: {
    body: (visit, when) => `${visit.therapistName}’s ${visit.serviceName} for ${visit.tag} starts ${when}.`,
    subject: 'Reminder: a visit for your referral starts soon',
    action: 'Open it in CareRelay to follow its check-in:',
  },
};

/**
 * The `visit-reminder` job: reminds the therapist and the agency, in-app and by email, shortly
 * before a visit. No PHI: the service, the therapist, the referral's reference and coarse place, the
 * time and a link (the visit page checks access). Each recipient reads
 * the time on their own clock (their saved time zone, else the default). Email follows the
 * recipient's email choice, the one switch they have for mail from us; quiet hours are not applied,
 * since a reminder held until they end would arrive after the visit began, and in-app always goes.
 *
 * Skipped when the visit is no longer scheduled, has moved later (its newer job reminds), has
 * started, or was reminded already. `reminded_at` is claimed in the transaction that writes both
 * recipients' notifications and mail, so a retried or duplicate job reminds neither twice, and a
 * failure reminds neither (the retry then reminds both).
 */
export function createVisitReminderJob(deps: { database: Database; jobs: JobQueue; publicUrl: string }): JobHandler<'visit-reminder'> {
  return async ({ visitId }) => {
    await inTransaction(deps.database, async (t) => {
      const visit = await findVisitForReminderAnyTenant(t.tx, visitId);
      if (!visit || visit.status !== 'scheduled' || visit.remindedAt) return;
      const now = Date.now();
      const start = visit.scheduledStart.getTime();
      if (now < start - VISIT_REMINDER_MINUTES * 60_000 - EARLY_TOLERANCE_MS || now >= start) return;
      if (!(await claimReminder(t.tx, visitId))) return;
      await remindParties(t, deps, { id: visit.id, scheduledStart: visit.scheduledStart, sides: { therapist: visit.therapistId, agency: visit.agencyId } });
    });
  };
}

async function remindParties(
  t: Transaction,
  deps: { jobs: JobQueue; publicUrl: string },
  visit: { id: string; scheduledStart: Date; sides: Record<Side, string> },
) {
  const recipients = new Map((await reminderRecipients(t.tx, Object.values(visit.sides))).map((r) => [r.userId, r]));
  const subject = await findVisitSubject(t.tx, visit.id);
  const sides = (['therapist', 'agency'] as const).map((side) => {
    const recipient = recipients.get(visit.sides[side]);
    const when = `on ${formatVisitTime(visit.scheduledStart, recipient?.timeZone ?? defaultNotificationPreferences.timeZone)}`;
    return { side, userId: visit.sides[side], recipient, when, path: visitPath(side, visit.id) };
  });
  // One call for both, so the users' rows are locked in one ordered run (see notifyAll in referrals).
  await createNotifications(
    t,
    sides.map(({ side, userId, when, path }) => ({ userId, type: 'visit.reminder', title: `Visit reminder: ${subject.tag}`, body: wording[side].body(subject, when), link: path })),
  );
  for (const { side, recipient, when, path } of sides) {
    if (!recipient || !(recipient.emailOptIn ?? defaultNotificationPreferences.email)) continue;
    await queueMail(t, deps.jobs, {
      to: recipient.email,
      subject: wording[side].subject,
      text: `${wording[side].body(subject, when)}\n\n${wording[side].action}\n${deps.publicUrl}${path}\n`,
    });
  }
}

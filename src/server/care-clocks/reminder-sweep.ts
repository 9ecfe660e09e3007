import { and, eq, inArray, sql } from 'drizzle-orm';
import { careAttentionOf } from '../../domain/care-clock-attention';
import { careClockKindLabels } from '../../domain/care-clock-view';
import { defaultNotificationPreferences } from '../../domain/notification-preferences';
import { inTransaction, type Database, type Db, type Transaction } from '../db/client';
import { notifications } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { createNotifications, type NewNotification } from '../notifications/service';
import { referralTag } from '../notifications/wording';
import { queueSms } from '../sms/queue-sms';
import { reminderRecipients } from '../visits/queries';
import { formatVisitTime } from '../visits/reminder-time';
import { clocksOf } from './clocks';
import { clockedReferralsAnyTenant } from './queries';

/**
 * The 'care-clock-reminders' job, every 15 minutes: each party of a referral (its agency, and its
 * matched therapist once there is one) is told once per deadline when a care clock comes due soon
 * and no visit meeting it is booked in time (care-clock-attention.ts) — in the app always, by email
 * unless they turned mail off, by text when they chose texts and gave a number (as the credential
 * expiry notices). An item first seen already overdue is told the same way, once.
 *
 * The notification marks the reminder sent: its link names the referral, the clock and its due
 * date, so a retried or concurrent sweep (one transaction-wide lock) never reminds twice, and a new
 * deadline (the next reassessment) is a new reminder. No PHI: the referral's reference and town,
 * what is due and by when.
 */

export const CARE_REMINDER_TYPE = 'care.reminder';
const PAGE = 500;
/** Any constant: two sweeps at once (two instances) take turns on it. */
const SWEEP_LOCK = 0x63617265;

type Side = 'agency' | 'therapist';

/** Where a reminder leads: the referral's care clocks; `due` names the deadline it is about. */
export const careReminderLink = (side: Side, referralId: string, kind: string, dueDate: string) =>
  `/dashboard/${side}/referrals/${referralId}?due=${kind}-${dueDate}#care-clocks`;

interface Reminder {
  userId: string;
  side: Side;
  link: string;
  tag: string;
  what: string;
  dueBy: Date;
  overdue: boolean;
}

export async function runCareClockReminders(deps: { database: Database; jobs: JobQueue; publicUrl: string }, now = new Date()): Promise<number> {
  return inTransaction(deps.database, async (t) => {
    await t.tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    let sent = 0;
    for (let afterId: string | null = null; ; ) {
      const page = await clockedReferralsAnyTenant(t.tx, { afterId, limit: PAGE });
      const last = page.at(-1);
      if (!last) break;
      afterId = last.referral.id;
      const due: Reminder[] = [];
      for (const referral of page) {
        const tag = referralTag({ referenceNumber: referral.referenceNumber, patientCity: referral.patientCity, patientState: referral.referral.patientState });
        for (const item of clocksOf(referral, now)) {
          const attention = careAttentionOf(item);
          if (!attention) continue;
          const sides: Array<[Side, string | null]> = [
            ['agency', referral.agencyId],
            ['therapist', referral.matchedTherapistId],
          ];
          for (const [side, userId] of sides) {
            if (userId === null) continue;
            const what = `${careClockKindLabels[item.kind]} (by the ${item.by.join(' or ')})`;
            due.push({ userId, side, tag, what, dueBy: item.dueBy, overdue: attention === 'overdue', link: careReminderLink(side, referral.referral.id, item.kind, item.dueDate) });
          }
        }
      }
      sent += await remind(t, deps, await notYetSent(t.tx, due));
      if (page.length < PAGE) break;
    }
    return sent;
  });
}

async function notYetSent(db: Db, reminders: Reminder[]): Promise<Reminder[]> {
  if (reminders.length === 0) return [];
  const sent = await db
    .select({ userId: notifications.userId, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.type, CARE_REMINDER_TYPE), inArray(notifications.link, reminders.map((r) => r.link))));
  const done = new Set(sent.map((row) => `${row.userId} ${row.link}`));
  return reminders.filter((r) => !done.has(`${r.userId} ${r.link}`));
}

async function remind(t: Transaction, deps: { jobs: JobQueue; publicUrl: string }, reminders: Reminder[]): Promise<number> {
  if (reminders.length === 0) return 0;
  const recipients = new Map((await reminderRecipients(t.tx, [...new Set(reminders.map((r) => r.userId))])).map((r) => [r.userId, r]));
  const worded = reminders.map((reminder) => {
    const recipient = recipients.get(reminder.userId);
    const when = formatVisitTime(reminder.dueBy, recipient?.timeZone ?? defaultNotificationPreferences.timeZone);
    const title = `${reminder.overdue ? 'Care deadline passed' : 'Care deadline due soon'}: ${reminder.tag}`;
    const body = `${reminder.what} ${reminder.overdue ? 'was due' : 'is due'} by ${when}. Book the visit on the referral.`;
    return { reminder, recipient, title, body };
  });
  const rows: NewNotification[] = worded.map(({ reminder, title, body }) => ({ userId: reminder.userId, type: CARE_REMINDER_TYPE, title, body, link: reminder.link }));
  await createNotifications(t, rows);
  for (const { reminder, recipient, title, body } of worded) {
    if (!recipient) continue;
    const url = `${deps.publicUrl}${reminder.link}`;
    if (recipient.emailOptIn ?? defaultNotificationPreferences.email) {
      await queueMail(t, deps.jobs, { to: recipient.email, subject: title, text: `${body}\n\nOpen the referral's care clocks in CareRelay:\n${url}\n` });
    }
    if (recipient.smsOptIn && recipient.smsPhone) await queueSms(t, deps.jobs, { to: recipient.smsPhone, body: `CareRelay: ${body} ${url}` });
  }
  return rows.length;
}

/** Registers the sweep's worker and its schedule (one line in runtime.ts). */
export async function startCareClockReminders(deps: { database: Database; jobs: JobQueue; publicUrl: string }): Promise<void> {
  await deps.jobs.work('care-clock-reminders', async () => {
    await runCareClockReminders(deps);
  });
  await deps.jobs.schedule('care-clock-reminders', '*/15 * * * *', {});
}

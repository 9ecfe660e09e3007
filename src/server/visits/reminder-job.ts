import { VISIT_REMINDER_MINUTES } from '../../domain/visits';
import { inTransaction, type Database } from '../db/client';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { createNotification } from '../notifications/service';
import { claimReminder, emailOf, findVisitForReminderAnyTenant } from './queries';

/** A job that arrives this much before its visit's reminder time was queued for an earlier start. */
const EARLY_TOLERANCE_MS = 2 * 60_000;

/**
 * The `visit-reminder` job: reminds the therapist in-app and by email shortly before a visit (no
 * PHI: the time and a link). Skipped when the visit is no longer scheduled, has moved later (its
 * newer job reminds), has started, or was reminded already; `reminded_at` is claimed once, so a
 * retried or duplicate job never reminds twice.
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

      const when = `${visit.scheduledStart.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      const path = `/dashboard/therapist/visits/${visitId}`;
      await createNotification(t, {
        userId: visit.therapistId,
        type: 'visit.reminder',
        title: 'Visit reminder',
        body: `You have a visit starting at ${when}.`,
        link: path,
      });
      const email = await emailOf(t.tx, visit.therapistId);
      if (email) {
        await queueMail(t, deps.jobs, {
          to: email,
          subject: 'Reminder: you have a visit soon',
          text: `You have a visit starting at ${when}.\n\nOpen it in CareRelay to check in when you arrive:\n${deps.publicUrl}${path}\n`,
        });
      }
    });
  };
}

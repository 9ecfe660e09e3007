import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The jobs whose work was promised to someone (a mail, a text, a chat message, an alert) and is recorded here when it cannot be done. */
export const undeliverableJobs = ['send-mail', 'send-sms', 'signup-webhook', 'referral-alerts', 'referral-alert'] as const;

/**
 * Work the job queue gave up on: a job's last retry failed, or the delivery sweep found it left
 * behind with no job at all. Managers see the open ones (not retried) and queue them again; a
 * retried record stays as history. `retried_at` with no `retried_by` is the sweep's own one
 * re-queue of a message it found stranded.
 */
export const undeliveredMessages = pgTable(
  'undelivered_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    job: text({ enum: undeliverableJobs }).notNull(),
    /** The mail or SMS row it is about, or for the other jobs the pg-boss job that failed. */
    sourceId: uuid().notNull(),
    /** The job's data, to queue it again: ids, or a sign-up chat message; never patient information. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull(),
    /** The last error's message, cut short; never shown with the message's content. */
    lastError: text(),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    retriedAt: timestamp({ withTimezone: true }),
    /** The manager who retried it (kept as an id, like a review's reviewer, so it outlives the account). */
    retriedBy: text(),
  },
  (t) => [
    // One open record per message or failed job, however many instances record or sweep at once.
    uniqueIndex('undelivered_messages_one_open').on(t.job, t.sourceId).where(sql`${t.retriedAt} is null`),
    index('undelivered_messages_open').on(t.failedAt).where(sql`${t.retriedAt} is null`),
    index().on(t.sourceId),
  ],
);

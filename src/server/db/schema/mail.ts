import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every outgoing mail, written in the transaction of the use case that sends it and delivered by a
 * job. Without SMTP the row itself is the delivery: it is shown in the development mailbox.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /**
     * queued → sent (over SMTP) | stored (no SMTP configured: kept for the dev mailbox) | failed (its
     * job's last retry failed: listed for managers as undelivered, and queued again by their Retry)
     */
    status: text({ enum: ['queued', 'sent', 'stored', 'failed'] }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  // The delivery sweep looks only at mail still queued: a handful, however much has been sent.
  (t) => [index().on(t.createdAt), index('mail_messages_queued').on(t.createdAt).where(sql`${t.status} = 'queued'`)],
);

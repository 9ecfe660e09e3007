import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * In-app notifications. They never carry PHI: a title such as 'New referral near you' and a link
 * to the app page, where access is checked. The id is monotonic, so it doubles as the SSE event id
 * a reconnecting client sends back in Last-Event-ID.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /**
     * The user's id, kept as a foreign key with ON DELETE CASCADE would keep it but checked once a
     * statement, not once a row (migration 0040): a referral posted to 5,000 therapists inserts
     * 5,000 notifications in one statement.
     */
    userId: text().notNull(),
    type: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** An app path such as /referrals/123, never an absolute URL. */
    link: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.id)],
);

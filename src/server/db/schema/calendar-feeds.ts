import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { therapistProfiles } from './accounts';

/**
 * A therapist's private calendar feed link. Only the SHA-256 of the link's token is kept: the
 * token is shown once, and a copy of this table opens no one's calendar. Creating a new link
 * revokes the previous one, so at most one link per therapist is live.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid().primaryKey().defaultRandom(),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    /** When a calendar app last read it, so the therapist can tell a link still in use. */
    lastFetchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.tokenHash),
    // One live link per therapist; revoked ones stay as the record of what existed.
    uniqueIndex('calendar_feeds_one_live_per_therapist')
      .on(t.therapistId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

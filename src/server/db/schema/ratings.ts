import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { referrals } from './referrals';

/**
 * Each side's rating of the other for a referral: period 0 when it completes, n for the n-th 30
 * days of an ongoing one. A rating is shown once both sides rated that period or 14 days passed,
 * so neither can answer the other's score.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid().primaryKey().defaultRandom(),
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    period: integer().notNull().default(0),
    raterId: text().notNull(),
    rateeId: text().notNull(),
    raterRole: text({ enum: ['agency', 'therapist'] }).notNull(),
    score: integer().notNull(),
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.referralId, t.period, t.raterId),
    index().on(t.rateeId, t.createdAt),
    check('ratings_score_range', sql`${t.score} between 1 and 5`),
  ],
);

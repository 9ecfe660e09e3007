import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { referrals } from './referrals';

/**
 * A referral's orders, one row per version (care-orders.ts): the therapist's proposal, the
 * agency's approval or return of it, a new proposal after that. Rows are never updated: the table
 * is the history and its own audit trail. `(referral_id, version)` is unique, so of two decisions on
 * the same version only one can be written.
 */
export const careOrderVersions = pgTable(
  'care_order_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    status: text({ enum: ['proposed', 'approved', 'returned'] }).notNull(),
    /** Canonical notation (visit-frequency.ts), e.g. "1w1, 2w3". */
    frequency: text().notNull(),
    /** The first day of week 1 on the patient's clock. */
    startDate: date({ mode: 'string' }).notNull(),
    goals: text().array().notNull(),
    /** Who proposed the orders this version carries, and when. */
    proposedBy: text().notNull(),
    proposedAt: timestamp({ withTimezone: true }).notNull(),
    /** The agency user who approved or returned them; null on a proposal. */
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    /** The day the agency says it obtained the physician's order (approved versions only). */
    physicianOrderObtainedOn: date({ mode: 'string' }),
    /** Why this change was made: the therapist's rationale, the agency's note or reason to return. */
    reason: text().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.referralId, t.version),
    check('care_order_versions_decided', sql`(${t.status} = 'proposed') = (${t.decidedBy} is null)`),
  ],
);

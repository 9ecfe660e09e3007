import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { credentialChangeStatuses } from '../../../domain/credential-changes';
import { useraccounts } from './accounts';

/**
 * Credentials an approved account submitted after its approval. `user_profiles` keeps holding the
 * credential a manager approved (matching and every display read it); a change waits here until a
 * manager approves it, which copies it into `user_profiles`, or rejects it. At most one change per
 * account is pending; a newer submission replaces it, and submitting the approved credential again
 * withdraws it.
 */
export const credentialChanges = pgTable(
  'credential_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => useraccounts.userId, { onDelete: 'cascade' }),
    npiNumber: text().notNull(),
    licenseNumber: text().notNull(),
    licenseState: text().notNull(),
    licenseExpiry: date().notNull(),
    status: text({ enum: credentialChangeStatuses }).notNull().default('pending'),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: text(),
    /** A rejection's reason, shown to the account holder. */
    reason: text(),
  },
  (t) => [
    uniqueIndex('credential_changes_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index().on(t.status, t.submittedAt),
    index().on(t.userId, t.submittedAt),
  ],
);

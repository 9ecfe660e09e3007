import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** A user's second factors: an authenticator app (TOTP) or a phone receiving SMS codes. */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    factorType: text({ enum: ['totp', 'phone'] }).notNull(),
    friendlyName: text().notNull(),
    /** unverified until the first code is checked; only verified factors count. */
    status: text({ enum: ['unverified', 'verified'] }).notNull().default('unverified'),
    /** TOTP secret, encrypted with a key derived from APP_SECRET (AES-256-GCM). */
    secretCiphertext: text(),
    phone: text(),
    /** The last TOTP time step accepted: a code is accepted once, never replayed. */
    lastUsedStep: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.userId, t.friendlyName), index().on(t.userId)],
);

/** One attempt to prove a factor; SMS challenges carry the hashed code they sent. */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid().primaryKey().defaultRandom(),
  factorId: uuid()
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  /** The session that asked for it: a challenge cannot be finished from another session. */
  sessionId: text().notNull(),
  codeHash: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  verifiedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored hashed. */
export const mfaBackupCodes = pgTable(
  'mfa_backup_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/** Every SMS, delivered by a job; without an SMS provider the row is shown in the dev mailbox. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    toNumber: text().notNull(),
    body: text().notNull(),
    /** queued → sent | stored (no provider: the dev mailbox) | failed (its job's last retry failed; managers may retry it) */
    status: text({ enum: ['queued', 'sent', 'stored', 'failed'] }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  // The delivery sweep looks only at texts still queued.
  (t) => [index('sms_messages_queued').on(t.createdAt).where(sql`${t.status} = 'queued'`)],
);

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { credentialKinds, credentialStatuses, verificationMethods } from '../../../domain/credentials';
import { therapistProfiles } from './accounts';

/**
 * A therapist's credentials (domain/credentials.ts): several per therapist (a license per state,
 * compact privileges, NPI, CPR…). The gates read only verified, unexpired rows. A document's bytes
 * are sealed with the PHI key and kept in the attachment store under `document_storage_key`, like
 * visit attachments.
 */
export const therapistCredentials = pgTable(
  'therapist_credentials',
  {
    id: uuid().primaryKey().defaultRandom(),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
    kind: text({ enum: credentialKinds }).notNull(),
    number: text().notNull().default(''),
    /** The issuing state's USPS code for a license (the privilege's state for a compact privilege), else the issuer's name. */
    issuer: text().notNull().default(''),
    compactPrivilege: boolean().notNull().default(false),
    issuedOn: date(),
    /** The last valid day; null for credentials that do not expire. */
    expiresOn: date(),
    status: text({ enum: credentialStatuses }).notNull().default('submitted'),
    /** A rejection's reason, shown to the therapist. */
    rejectionReason: text(),
    documentStorageKey: text(),
    documentContentType: text(),
    documentSizeBytes: integer(),
    documentSha256: text(),
    /** The document's file name, sealed like attachment names. */
    documentNameSealed: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** The manager's user id, or 'nppes' when the primary source verified it. */
    verifiedBy: text(),
    verificationMethod: text({ enum: verificationMethods }),
    /** The board lookup URL, the document's name, or the NPPES query: how it was verified. */
    verificationSource: text(),
  },
  (t) => [
    // Each therapist's credentials (standing.ts reads them by therapist), with every column their
    // summary on the therapist's row is made of (migration 0042), which reads the index alone.
    index('therapist_credentials_standing').on(t.therapistId, t.kind, t.status, t.expiresOn, t.issuer),
    index().on(t.status, t.submittedAt),
    index('therapist_credentials_expiring').on(t.expiresOn).where(sql`${t.status} = 'verified'`),
  ],
);

/**
 * Expiry reminders already sent, one per credential, threshold (60, 30, 7, 0 days) and expiry
 * date, so two instances or a rerun of the daily job never send one twice, and a renewed
 * credential (new date) gets its own.
 */
export const credentialReminders = pgTable(
  'credential_reminders',
  {
    credentialId: uuid()
      .notNull()
      .references(() => therapistCredentials.id, { onDelete: 'cascade' }),
    daysBefore: integer().notNull(),
    expiresOn: date().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.credentialId, t.daysBefore, t.expiresOn)],
);

export const primarySources = ['nppes', 'leie'] as const;
/** clear: the source agrees; review: a mismatch a manager must look at; match: an exclusion found; unreachable: retried. */
export const primarySourceOutcomes = ['pending', 'clear', 'review', 'match', 'unreachable'] as const;

/** Each primary-source check of a therapist (NPPES, LEIE), newest last; the screens read the latest per source. */
export const primarySourceChecks = pgTable(
  'primary_source_checks',
  {
    id: uuid().primaryKey().defaultRandom(),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
    source: text({ enum: primarySources }).notNull(),
    outcome: text({ enum: primarySourceOutcomes }).notNull(),
    /** What was found, in words a manager reads ("NPI 1234567893 is active; name and taxonomy agree"). */
    detail: text().notNull().default(''),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.therapistId, t.source, t.checkedAt)],
);

/** The OIG List of Excluded Individuals/Entities as last imported (columns as in its published CSV). */
export const leieExclusions = pgTable(
  'leie_exclusions',
  {
    id: uuid().primaryKey().defaultRandom(),
    importId: uuid().notNull(),
    lastName: text().notNull().default(''),
    firstName: text().notNull().default(''),
    middleName: text().notNull().default(''),
    businessName: text().notNull().default(''),
    general: text().notNull().default(''),
    specialty: text().notNull().default(''),
    npi: text().notNull().default(''),
    dateOfBirth: date(),
    state: text().notNull().default(''),
    exclusionType: text().notNull().default(''),
    excludedOn: date(),
    reinstatedOn: date(),
  },
  (t) => [
    index().on(t.npi),
    index('leie_exclusions_name_dob').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.dateOfBirth),
  ],
);

/** Each LEIE import: the table above holds the rows of the newest finished one. */
export const leieImports = pgTable('leie_imports', {
  id: uuid().primaryKey().defaultRandom(),
  source: text().notNull(),
  status: text({ enum: ['running', 'finished', 'failed'] }).notNull().default('running'),
  rowCount: integer().notNull().default(0),
  error: text(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
});

/**
 * LEIE entries a manager has judged not to bar a therapist, recorded when they lift the suspension
 * (e.g. a namesake with the same date of birth). Each import gives rows new ids, so an entry is
 * known by a fingerprint of its content (leie-match.ts): the same entry in the next month's list
 * does not suspend the therapist again, while an entry that changes (new date, type, NPI) does.
 */
export const leieDismissedMatches = pgTable(
  'leie_dismissed_matches',
  {
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
    fingerprint: text().notNull(),
    dismissedBy: text().notNull(),
    reason: text().notNull(),
    dismissedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.therapistId, t.fingerprint)],
);

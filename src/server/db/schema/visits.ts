import { boolean, index, integer, jsonb, numeric, pgTable, real, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { disciplines } from '../../../domain/accounts';
import { careVisitTypes } from '../../../domain/care-visit-types';
import { noteStatuses, paymentLineStatuses, visitStatuses } from '../../../domain/visits';
import { evvMeasuredFrom } from '../../../domain/evv-distance';
import { agencyProfiles, serviceTypesTable, therapistProfiles } from './accounts';
import { referrals } from './referrals';

/**
 * Visits of a matched referral. `agency_id` and `therapist_id` are copied from the
 * referral so every query can be scoped to its tenant in its own `where`.
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    agencyId: text()
      .notNull()
      .references(() => agencyProfiles.id),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id),
    serviceId: text()
      .notNull()
      .references(() => serviceTypesTable.id),
    /** What the care clocks count it as (evaluation, routine, reassessment, supervisory, discharge), chosen at scheduling. */
    visitType: text({ enum: careVisitTypes }).notNull(),
    /** The discipline the therapist does it as (a PTA on a PT referral): who may do which visit, and whose supervision it needs. */
    therapistDiscipline: text({ enum: disciplines }).notNull(),
    status: text({ enum: visitStatuses }).notNull().default('scheduled'),
    scheduledStart: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull().default(60),
    /**
     * Why it was rescheduled, cancelled or missed (the latest such change), sealed with the PHI key
     * and bound to the visit. The plain `statusReason` column is only what rows written before
     * sealing held: read as a fallback until the start-up pass seals it and clears it.
     */
    statusReasonSealed: text(),
    statusReason: text(),
    // Electronic visit verification: time and one location reading at each end.
    checkInAt: timestamp({ withTimezone: true }),
    checkInLatitude: real(),
    checkInLongitude: real(),
    checkInAccuracyMeters: real(),
    checkOutAt: timestamp({ withTimezone: true }),
    checkOutLatitude: real(),
    checkOutLongitude: real(),
    checkOutAccuracyMeters: real(),
    /**
     * How each reading was judged when it was taken (domain/evv-distance.ts): from the patient's
     * geocoded address or the center of their ZIP area, how far it was and how far it was allowed
     * to be. Null on readings taken before 0033, which were judged from the ZIP's center within 1 mile.
     */
    checkInMeasuredFrom: text({ enum: evvMeasuredFrom }),
    checkInMilesFromPatient: real(),
    checkInAllowedMiles: real(),
    checkOutMeasuredFrom: text({ enum: evvMeasuredFrom }),
    checkOutMilesFromPatient: real(),
    checkOutAllowedMiles: real(),
    /** Exception codes found at check-in/out (domain/visits.ts: far_from_patient, far_from_zip_area, missing_location, …). */
    exceptions: jsonb().$type<string[]>().notNull().default([]),
    /** The therapist's reasons for those exceptions, sealed like `statusReasonSealed` (plain `exceptionReason`: legacy rows only). */
    exceptionReasonSealed: text(),
    exceptionReason: text(),
    /**
     * The patient's or caregiver's attestation taken at check-out (a drawn signature and name, or why
     * none could be obtained; domain/visit-attestation.ts), sealed with the PHI key and bound to the
     * visit (visits/attestation.ts). Null: none was taken.
     */
    attestationSealed: text(),
    /** The agreed rate for this visit's service, fixed when it is scheduled. */
    rate: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A referral's visits; with the status, its visits done are counted from the index alone.
    index().on(t.referralId, t.status),
    index().on(t.therapistId, t.scheduledStart),
    index().on(t.agencyId, t.scheduledStart),
    index().on(t.status),
    // The marketplace figures (visits this month, completion rate) scan by date across tenants.
    index().on(t.scheduledStart),
  ],
);

/**
 * Documentation of a visit. Every signed version is kept; a change makes a new version. The
 * content is PHI, sealed like patient details; `content_hash` is the SHA-256 of the plaintext
 * that was signed.
 */
export const visitNotes = pgTable(
  'visit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    visitId: uuid()
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    status: text({ enum: noteStatuses }).notNull().default('draft'),
    sealed: text().notNull(),
    signedName: text(),
    signedAt: timestamp({ withTimezone: true }),
    contentHash: text(),
    reviewMessage: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: text(),
    /**
     * The supervising PT's or OT's co-signature of an assistant's signed version (domain/co-signature.ts):
     * who, when, the typed name and the SHA-256 binding it to the signed content. Null until co-signed.
     */
    coSignedBy: text(),
    coSignedAt: timestamp({ withTimezone: true }),
    coSignedName: text(),
    coSignatureHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.visitId, t.version), index().on(t.status)],
);

/** Files attached to a visit's documentation; the sealed bytes are in the attachment store under `storage_key` (never served publicly). */
export const noteAttachments = pgTable(
  'note_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    visitId: uuid()
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** The file's name as the therapist gave it (PHI), sealed and bound to the attachment and its visit. */
    fileNameSealed: text(),
    /** Legacy rows only: the plain name until the start-up pass seals it and clears it. */
    fileName: text(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    uploadedBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.visitId)],
);

/**
 * One line per payable visit on the agency's invoice. The unique visit id is what makes paying
 * twice impossible: a second approval or webhook finds the line already there.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    visitId: uuid()
      .notNull()
      .references(() => visits.id),
    agencyId: text()
      .notNull()
      .references(() => agencyProfiles.id),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id),
    serviceId: text().notNull(),
    amount: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    status: text({ enum: paymentLineStatuses }).notNull().default('pending'),
    provider: text().notNull(),
    providerReference: text(),
    idempotencyKey: text().notNull(),
    /** Stripe: the charge behind the PaymentIntent (its latest_charge); the payout's transfer draws on it. */
    chargeReference: text(),
    /** 1 for the first charge; each retry after a failure (a new payment method) confirms again under a new key. */
    chargeAttempt: integer().notNull().default(1),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.visitId), index().on(t.agencyId, t.createdAt), index().on(t.status)],
);

/** What the therapist is owed per payable visit; unique per visit like the invoice line. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    visitId: uuid()
      .notNull()
      .references(() => visits.id),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id),
    amount: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    status: text({ enum: paymentLineStatuses }).notNull().default('pending'),
    provider: text().notNull(),
    providerReference: text(),
    idempotencyKey: text().notNull(),
    /** 1 for the first transfer; each manager retry after a failure is a new attempt under its own key (see the payout job). */
    payoutAttempt: integer().notNull().default(1),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.visitId), index().on(t.therapistId, t.createdAt), index().on(t.status), index().on(t.paidAt)],
);

/** A therapist's connected payment account (Stripe Connect); none under the built-in ledger. */
export const paymentAccounts = pgTable('payment_accounts', {
  userId: text()
    .primaryKey()
    .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  accountId: text().notNull(),
  payoutsEnabled: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An agency's customer at the payment provider (Stripe), created once, and the payment method
 * saved through Checkout that pays its invoice lines off-session. None under the built-in ledger.
 */
export const paymentCustomers = pgTable('payment_customers', {
  agencyId: text()
    .primaryKey()
    .references(() => agencyProfiles.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  customerId: text().notNull().unique(),
  paymentMethodId: text(),
  /** Shown to the agency ("Visa ending 4242"); nothing else about the card is kept. */
  paymentMethodBrand: text(),
  paymentMethodLast4: text(),
  paymentMethodUpdatedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Provider webhook events already processed: each event id is handled once. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

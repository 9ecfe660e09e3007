import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rateRequestReasons, referralStatuses, responseStatuses, urgencies } from '../../../domain/referrals';
import { referralDisciplines } from '../../../domain/service-eligibility';
import { geocoderKinds, homeLocationStatuses } from '../../../domain/home-location';
import { agencyProfiles, serviceTypesTable, therapistProfiles } from './accounts';

/**
 * A referral as posted: nothing on it identifies the patient (only the ZIP, its city and state).
 * Patient details live in `patients`, added after the match and encrypted.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * The short human reference (R-1042), in the order referrals were created. From 1001 so every
     * reference has at least four digits; existing referrals were numbered by created_at (0018).
     */
    referenceNumber: integer().generatedByDefaultAsIdentity({ startWith: 1001 }).notNull(),
    agencyId: text()
      .notNull()
      .references(() => agencyProfiles.id, { onDelete: 'cascade' }),
    status: text({ enum: referralStatuses }).notNull().default('draft'),
    discipline: text({ enum: referralDisciplines }).notNull(),
    patientZip: text().notNull(),
    patientCity: text().notNull(),
    patientState: text().notNull(),
    /** The ZIP's centroid, so matching and the map need no lookup. */
    latitude: real().notNull(),
    longitude: real().notNull(),
    visitFrequency: text().notNull(),
    startBy: date().notNull(),
    /** The start-of-care date the physician ordered, when the agency gave one: the evaluation is due on it (care-clocks.ts). */
    orderedStartOfCare: date(),
    urgency: text({ enum: urgencies }).notNull(),
    clinicalSummary: text().notNull(),
    offerOpenHours: integer().notNull(),
    instantConfirm: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** The first acceptance or rate request. */
    firstResponseAt: timestamp({ withTimezone: true }),
    matchedAt: timestamp({ withTimezone: true }),
    matchedTherapistId: text().references(() => therapistProfiles.id),
    matchedResponseId: uuid(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    closedAt: timestamp({ withTimezone: true }),
    // What the lists show of the rows behind a referral, kept on it by triggers (migration 0026)
    // in the transaction of every write to those rows, so a page reads its own rows and nothing
    // per row. Only the triggers write them.
    /** The therapists it was offered to ("notified"). */
    offerCount: integer().notNull().default(0),
    /** Live answers: accepted, rate requested, countered or confirmed. */
    responseCount: integer().notNull().default(0),
    /** Its visits completed, documented, approved or paid. */
    visitsDone: integer().notNull().default(0),
    /** The visits its services order (the sum of their visit counts). */
    visitsOrdered: integer().notNull().default(0),
    /** Its services (id, visit count, offered rate), in service id order. */
    servicesSummary: jsonb().$type<{ serviceId: string; visitCount: number; offeredRate: number }[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex().on(t.referenceNumber),
    // Keyset pages (http/keyset.ts): each list's page is a backward range scan of its sort key,
    // the id last so rows sharing a timestamp keep one order. The agency's referrals, newest first:
    index().on(t.agencyId, t.createdAt, t.id),
    // The agency's counts by status tab, from the index alone.
    index().on(t.agencyId, t.status),
    // Patient records and network therapists: the agency's matches, the latest first; the therapist
    // and status too, so grouping the matches by therapist reads the index alone.
    index('referrals_agency_matches_index')
      .on(t.agencyId, t.matchedAt, t.id, t.matchedTherapistId, t.status)
      .where(sql`${t.matchedAt} is not null`),
    index().on(t.status),
    // A therapist's matches (their 'mine' list), the latest first.
    index().on(t.matchedTherapistId, t.matchedAt, t.id),
    // Median fill time over a window of matches.
    index().on(t.matchedAt),
    // The one guarantee that matters most: a matched referral has exactly one therapist.
    check('referrals_matched_has_therapist', sql`${t.status} in ('draft','posted','cancelled','expired') or ${t.matchedTherapistId} is not null`),
  ],
);

/** The services a referral needs, each with its number of visits and offered rate. */
export const referralServices = pgTable(
  'referral_services',
  {
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    serviceId: text()
      .notNull()
      .references(() => serviceTypesTable.id),
    visitCount: integer().notNull(),
    offeredRate: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.referralId, t.serviceId] })],
);

/**
 * The therapists a posted referral was offered to (eligible when it was posted or edited), with
 * the distance judged. Their count is what the agency sees as "notified"; a therapist sees a
 * referral only through a row here (or by being matched to it).
 */
export const referralOffers = pgTable(
  'referral_offers',
  {
    /**
     * The referral and the therapist are kept as foreign keys with ON DELETE CASCADE would keep
     * them, but checked once a statement, not once a row (migration 0040): a post to 5,000
     * therapists inserts 5,000 offers in one statement.
     */
    referralId: uuid().notNull(),
    therapistId: text().notNull(),
    distanceMiles: real().notNull(),
    notifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp({ withTimezone: true }),
    /** When the email/SMS alert was queued; set once, so a retried job never alerts twice. */
    alertedAt: timestamp({ withTimezone: true }),
    /**
     * The referral's posted time and expiry while it is posted, else null: kept by triggers
     * (migration 0026) so a therapist's open offers are a range of their own rows.
     */
    openPostedAt: timestamp({ withTimezone: true }),
    openExpiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.therapistId] }),
    index().on(t.therapistId, t.notifiedAt),
    // 'Referrals near me', newest post first; expiry and hidden in the index so its count reads the index alone.
    index('referral_offers_open_index')
      .on(t.therapistId, t.openPostedAt, t.referralId, t.openExpiresAt, t.hiddenAt)
      .where(sql`${t.openPostedAt} is not null`),
  ],
);

/** A therapist's answer to a referral: one row per therapist and referral, its status moving on. */
export const referralResponses = pgTable(
  'referral_responses',
  {
    id: uuid().primaryKey().defaultRandom(),
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
    status: text({ enum: responseStatuses }).notNull(),
    /** Per service id: the offered rates for an acceptance, the asked ones for a rate request. */
    requestedRates: jsonb().$type<Record<string, number>>().notNull(),
    counterRates: jsonb().$type<Record<string, number>>(),
    counterNote: text(),
    reason: text({ enum: rateRequestReasons }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.referralId, t.therapistId), index().on(t.therapistId)],
);

/** The rates agreed at the match, per service: what each completed visit is paid. */
export const referralAgreedRates = pgTable(
  'referral_agreed_rates',
  {
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    serviceId: text()
      .notNull()
      .references(() => serviceTypesTable.id),
    rate: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.referralId, t.serviceId] })],
);

/**
 * The patient of a matched referral (PHI). `sealed` is the AES-256-GCM ciphertext of the details
 * as JSON; nothing readable is stored beside it. The home's point, once the geocoder located the
 * address (patients/home-location.ts), is sealed too; beside it only how far locating got.
 */
export const patients = pgTable(
  'patients',
  {
    referralId: uuid()
      .primaryKey()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    sealed: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: text().notNull(),
    updatedBy: text().notNull(),
    /** The geocoded point of the address ({ latitude, longitude } as JSON), sealed and bound to the patient; null until located. */
    locationSealed: text(),
    /** pending | located | not_found | unreachable (domain/home-location.ts): not PHI. */
    locationStatus: text({ enum: homeLocationStatuses }).notNull().default('pending'),
    /** When the status was set; null only on details saved before 0033, which start-up queues once. */
    locationStatusAt: timestamp({ withTimezone: true }),
    /** Unreachable with another try queued. */
    locationRetrying: boolean().notNull().default(false),
    /** Which geocoder answered (census, or the development stand-in); null until one did. */
    locationSource: text({ enum: geocoderKinds }),
  },
  (t) => [index('patients_location_unqueued_idx').on(t.referralId).where(sql`${t.locationStatusAt} IS NULL`)],
);

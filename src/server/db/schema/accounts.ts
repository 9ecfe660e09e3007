import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountStatuses, disciplines, userTypes } from '../../../domain/accounts';
import { user } from './auth';

/**
 * One row per person who uses the product, keyed by their sign-in identity (`user_id`). The
 * profile tables below hang off `user_id` as their primary key.
 */
export const useraccounts = pgTable('useraccounts', {
  id: uuid().primaryKey().defaultRandom(),
  userId: text()
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text().notNull().unique(),
  userType: text({ enum: userTypes }).notNull(),
  status: text({ enum: accountStatuses }).notNull().default('pending'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set when a manager approves or rejects the account. */
  reviewedAt: timestamp({ withTimezone: true }),
  reviewedBy: text(),
  /** A rejection's reason, shown to the user on their status page. */
  statusReason: text(),
  /**
   * The IANA zone every time shown to this user is read in (pages, mail, texts, "today"). Null until
   * they choose one: they read the default zone meanwhile and are asked once on their dashboard.
   */
  timeZone: text(),
});

export const agencyProfiles = pgTable('agency_profiles', {
  id: text()
    .primaryKey()
    .references(() => useraccounts.userId, { onDelete: 'cascade' }),
  companyName: text().notNull(),
  contactEmail: text().notNull(),
  contactPhone: text().notNull(),
  address: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  zipCode: text().notNull(),
  status: text({ enum: accountStatuses }).notNull().default('pending'),
  /** The agency's own rule, stricter than its state's: the supervising therapist co-signs every assistant's note (care-clock-rules.ts). */
  requiresCoSignature: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const therapistProfiles = pgTable('therapist_profiles', {
  id: text()
    .primaryKey()
    .references(() => useraccounts.userId, { onDelete: 'cascade' }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  phone: text().notNull(),
  zipCode: text().notNull(),
  /** The seed keeps a list holding one value; the list leaves room for dual-licensed therapists. */
  disciplines: text({ enum: disciplines }).array().notNull(),
  serviceRadiusMiles: integer().notNull().default(25),
  availableForReferrals: boolean().notNull().default(true),
  yearsExperience: integer(),
  /** What agencies read on the therapist's profile (domain/therapist-profile.ts), from onboarding and settings. */
  careSettings: text().array().notNull().default([]),
  specialties: text().array().notNull().default([]),
  languages: text().array().notNull().default([]),
  bio: text().notNull().default(''),
  /** For the LEIE exclusion check, which matches by name and date of birth. Never shown to agencies. */
  dateOfBirth: date(),
  /** Set when eligibility is suspended (an LEIE match); no offers, confirmations or check-ins until a manager lifts it. */
  suspendedAt: timestamp({ withTimezone: true }),
  suspensionReason: text(),
  status: text({ enum: accountStatuses }).notNull().default('pending'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /**
   * The centroid of `zip_code` (geo/therapist-locations.ts), written with it; null until the
   * startup backfill locates the ZIP, or when no centroid is known for it.
   */
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  /**
   * The therapist's verified credentials, each kind (a state license as `state_license:` and its
   * state) with the last day the latest of them is valid ('9999-12-31' when it does not expire), kept
   * by triggers on therapist_credentials (migration 0042) so matching judges thousands from their
   * own rows (credentials/standing.ts, credentialsCurrentSql).
   */
  credentialsCurrent: jsonb().$type<Record<string, string>>().notNull().default({}),
}, () => [
  // Matching's spatial index (referrals/therapist-queries.ts): the box each therapist's service
  // radius covers, widened by the domain's tenth-of-a-mile rounding and a hair more, in earthdistance's
  // units (earth() metres per Earth radius; 3958.8 miles is domain/geo.ts's radius). A referral
  // looks up the boxes holding its patient, so a post reads the therapists near it, not the state.
  index('therapist_profiles_coverage').using(
    'gist',
    sql`earth_box(ll_to_earth(latitude, longitude), (service_radius_miles::float8 + 0.051) * earth() / 3958.8)`,
  ),
  // Therapists not located yet are judged by their ZIP (the fallback branch of the same query).
  index('therapist_profiles_unlocated').on(sql`id`).where(sql`latitude is null`),
]);

export const managerProfiles = pgTable('manager_profiles', {
  id: text()
    .primaryKey()
    .references(() => useraccounts.userId, { onDelete: 'cascade' }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  phone: text().notNull(),
  role: text().notNull().default('admin'),
  permissions: text().array().notNull().default([]),
  status: text({ enum: accountStatuses }).notNull().default('approved'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Professional details completed at onboarding. */
export const userProfiles = pgTable('user_profiles', {
  id: text()
    .primaryKey()
    .references(() => useraccounts.userId, { onDelete: 'cascade' }),
  firstName: text(),
  lastName: text(),
  npiNumber: text(),
  licenseNumber: text(),
  licenseState: text(),
  licenseExpiry: date(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The four billable services and their default rates (rows written by the migration). */
export const serviceTypesTable = pgTable('service_types', {
  id: text().primaryKey(),
  name: text().notNull(),
  defaultRate: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
  sortOrder: integer().notNull(),
});

export const therapistRates = pgTable(
  'therapist_rates',
  {
    therapistId: text()
      .notNull()
      .references(() => therapistProfiles.id, { onDelete: 'cascade' }),
    serviceId: text()
      .notNull()
      .references(() => serviceTypesTable.id),
    rate: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.therapistId, t.serviceId] })],
);

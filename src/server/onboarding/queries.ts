import { asc, eq, sql } from 'drizzle-orm';
import type { ServiceTypeId } from '../../domain/accounts';
import type { Rates } from '../../domain/onboarding';
import type { Db } from '../db/client';
import { agencyProfiles, serviceTypesTable, therapistProfiles, therapistRates, userProfiles } from '../db/schema/index';

/**
 * Onboarding's SQL. Every query is scoped by the signed-in user's id, which the service takes from
 * the session; nothing here accepts an id from a request body.
 */

export async function findUserProfile(db: Db, userId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  return row ?? null;
}

export async function findTherapistProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ firstName: therapistProfiles.firstName, lastName: therapistProfiles.lastName, serviceRadiusMiles: therapistProfiles.serviceRadiusMiles })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, userId));
  return row ?? null;
}

export async function findAgencyName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ companyName: agencyProfiles.companyName }).from(agencyProfiles).where(eq(agencyProfiles.id, userId));
  return row?.companyName ?? null;
}

export async function listServiceTypes(db: Db) {
  const rows = await db.select().from(serviceTypesTable).orderBy(asc(serviceTypesTable.sortOrder));
  return rows.map((row) => ({ id: row.id as ServiceTypeId, name: row.name, defaultRate: row.defaultRate }));
}

export async function listTherapistRates(db: Db, therapistId: string) {
  return db
    .select({ serviceId: therapistRates.serviceId, rate: therapistRates.rate })
    .from(therapistRates)
    .where(eq(therapistRates.therapistId, therapistId));
}

export interface ProfessionalInfo {
  firstName: string;
  lastName: string;
  /** Null only while an approved account that never had a credential waits for its first review. */
  npiNumber: string | null;
  licenseNumber: string | null;
  licenseState: string | null;
  licenseExpiry: string | null;
}

/** One user_profiles row per user: inserted the first time, updated after that. */
export async function upsertUserProfile(tx: Db, userId: string, info: ProfessionalInfo) {
  await tx
    .insert(userProfiles)
    .values({ id: userId, ...info })
    .onConflictDoUpdate({ target: userProfiles.id, set: { ...info, updatedAt: sql`now()` } });
}

/** One therapist_rates row per service (the table's key is therapist and service). */
export async function upsertTherapistRates(tx: Db, therapistId: string, rates: Rates) {
  const rows = Object.entries(rates).map(([serviceId, rate]) => ({ therapistId, serviceId, rate }));
  await tx
    .insert(therapistRates)
    .values(rows)
    .onConflictDoUpdate({ target: [therapistRates.therapistId, therapistRates.serviceId], set: { rate: sql`excluded.rate` } });
}

/** Returns false when the therapist has no profile row to update. */
export async function updateServiceRadius(tx: Db, therapistId: string, miles: number): Promise<boolean> {
  const updated = await tx
    .update(therapistProfiles)
    .set({ serviceRadiusMiles: miles })
    .where(eq(therapistProfiles.id, therapistId))
    .returning({ id: therapistProfiles.id });
  return updated.length > 0;
}

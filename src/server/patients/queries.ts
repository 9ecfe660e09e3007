import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GeocoderKind, HomeLocationStatus } from '../../domain/home-location';
import type { Db } from '../db/client';
import { patients } from '../db/schema/index';

/**
 * Patient SQL. The referral is looked up only through its parties (referrals/parties.ts); the
 * patient row itself is read only after the policy allowed it (or by the job that locates the
 * address, which names the patient by the referral id alone).
 */

/** How far locating the address got: the columns beside the sealed point, none of them PHI. */
export interface LocationState {
  locationStatus: HomeLocationStatus;
  locationStatusAt: Date | null;
  locationRetrying: boolean;
  locationSource: GeocoderKind | null;
}

const locationColumns = {
  locationStatus: patients.locationStatus,
  locationStatusAt: patients.locationStatusAt,
  locationRetrying: patients.locationRetrying,
  locationSource: patients.locationSource,
};

export type SealedPatientRow = { sealed: string; updatedAt: Date; locationSealed: string | null } & LocationState;

export async function findSealedPatient(db: Db, referralId: string, options: { lock?: boolean } = {}): Promise<SealedPatientRow | null> {
  const query = db
    .select({ sealed: patients.sealed, updatedAt: patients.updatedAt, locationSealed: patients.locationSealed, ...locationColumns })
    .from(patients)
    .where(eq(patients.referralId, referralId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The sealed details of several referrals (only those with details saved). */
export async function findSealedPatients(db: Db, referralIds: string[]): Promise<{ referralId: string; sealed: string }[]> {
  if (referralIds.length === 0) return [];
  return db.select({ referralId: patients.referralId, sealed: patients.sealed }).from(patients).where(inArray(patients.referralId, referralIds));
}

/** New details: their address is to be located (queued by the caller), from now. */
export async function insertPatient(db: Db, values: { referralId: string; sealed: string; userId: string }): Promise<{ updatedAt: Date } & LocationState> {
  const [row] = await db
    .insert(patients)
    .values({ referralId: values.referralId, sealed: values.sealed, createdBy: values.userId, updatedBy: values.userId, locationStatusAt: sql`now()` })
    .returning({ updatedAt: patients.updatedAt, ...locationColumns });
  if (!row) throw new Error('patient insert returned no row');
  return row;
}

/** Replaced details; with `relocate` their address is located again (queued by the caller) and the old point dropped. */
export async function updatePatient(
  db: Db,
  values: { referralId: string; sealed: string; userId: string; relocate: boolean },
): Promise<{ updatedAt: Date } & LocationState> {
  const [row] = await db
    .update(patients)
    .set({
      sealed: values.sealed,
      updatedBy: values.userId,
      updatedAt: sql`now()`,
      ...(values.relocate
        ? { locationSealed: null, locationStatus: 'pending', locationStatusAt: sql`now()`, locationRetrying: false, locationSource: null }
        : {}),
    })
    .where(eq(patients.referralId, values.referralId))
    .returning({ updatedAt: patients.updatedAt, ...locationColumns });
  if (!row) throw new Error('patient update found no row');
  return row;
}

/** Records what the geocoder answered (or that it could not be reached) about the address saved now. */
export async function recordLocation(
  db: Db,
  referralId: string,
  values: { status: HomeLocationStatus; retrying: boolean; source: GeocoderKind | null; locationSealed: string | null },
): Promise<void> {
  await db
    .update(patients)
    .set({
      locationStatus: values.status,
      locationStatusAt: sql`now()`,
      locationRetrying: values.retrying,
      locationSource: values.source,
      locationSealed: values.locationSealed,
    })
    .where(eq(patients.referralId, referralId));
}

/**
 * Claims the details saved before addresses were located (status time still null), so each is
 * queued once: the claim and the jobs commit together, and an instance starting beside this one
 * claims none of the same rows (it waits on their locks, then finds them claimed).
 */
export async function claimUnqueuedPatients(db: Db): Promise<string[]> {
  const rows = await db
    .update(patients)
    .set({ locationStatusAt: sql`now()` })
    .where(isNull(patients.locationStatusAt))
    .returning({ referralId: patients.referralId });
  return rows.map((row) => row.referralId);
}

import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { patients } from '../db/schema/index';

/**
 * Patient SQL. The referral is looked up only through its parties (referrals/parties.ts); the
 * patient row itself is read only after the policy allowed it.
 */

export async function findSealedPatient(db: Db, referralId: string): Promise<{ sealed: string; updatedAt: Date } | null> {
  const [row] = await db.select({ sealed: patients.sealed, updatedAt: patients.updatedAt }).from(patients).where(eq(patients.referralId, referralId));
  return row ?? null;
}

/** The sealed details of several referrals (only those with details saved). */
export async function findSealedPatients(db: Db, referralIds: string[]): Promise<{ referralId: string; sealed: string }[]> {
  if (referralIds.length === 0) return [];
  return db.select({ referralId: patients.referralId, sealed: patients.sealed }).from(patients).where(inArray(patients.referralId, referralIds));
}

export async function insertPatient(db: Db, values: { referralId: string; sealed: string; userId: string }): Promise<Date> {
  const [row] = await db
    .insert(patients)
    .values({ referralId: values.referralId, sealed: values.sealed, createdBy: values.userId, updatedBy: values.userId })
    .returning({ updatedAt: patients.updatedAt });
  if (!row) throw new Error('patient insert returned no row');
  return row.updatedAt;
}

export async function updatePatient(db: Db, values: { referralId: string; sealed: string; userId: string }): Promise<Date> {
  const [row] = await db
    .update(patients)
    .set({ sealed: values.sealed, updatedBy: values.userId, updatedAt: sql`now()` })
    .where(eq(patients.referralId, values.referralId))
    .returning({ updatedAt: patients.updatedAt });
  if (!row) throw new Error('patient update found no row');
  return row.updatedAt;
}

import { and, eq, or, sql } from 'drizzle-orm';
import { isUuid } from '../../domain/uuid';
import type { Db } from '../db/client';
import { patients, referrals } from '../db/schema/index';
import type { PatientReferral } from './policy';

/**
 * Patient SQL. The referral is looked up only through its parties: a user who is neither its agency
 * nor its matched therapist gets nothing back, whatever the policy says. The patient row itself is
 * read only after the policy allowed it.
 */

/**
 * The referral when `userId` is its agency or its matched therapist; null otherwise, or when there
 * is no such referral. `lock` holds it against concurrent changes (closing it, another save) until
 * the transaction ends.
 */
export async function findReferralOfParty(
  db: Db,
  referralId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<(PatientReferral & { id: string }) | null> {
  // PostgreSQL refuses anything but a uuid as one: such a path segment names no referral.
  if (!isUuid(referralId)) return null;
  const query = db
    .select({ id: referrals.id, agencyId: referrals.agencyId, status: referrals.status, matchedTherapistId: referrals.matchedTherapistId })
    .from(referrals)
    .where(and(eq(referrals.id, referralId), or(eq(referrals.agencyId, userId), eq(referrals.matchedTherapistId, userId))));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

export async function findSealedPatient(db: Db, referralId: string): Promise<{ sealed: string; updatedAt: Date } | null> {
  const [row] = await db.select({ sealed: patients.sealed, updatedAt: patients.updatedAt }).from(patients).where(eq(patients.referralId, referralId));
  return row ?? null;
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

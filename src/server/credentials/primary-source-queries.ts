import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Discipline } from '../../domain/accounts';
import type { Db } from '../db/client';
import {
  notificationPreferences,
  primarySourceChecks,
  therapistCredentials,
  therapistProfiles,
  user as users,
  userProfiles,
  useraccounts,
} from '../db/schema/index';

/**
 * SQL of the primary-source checks. These read any tenant's therapists: every caller is a job or a
 * managers-only use case (ALL TENANTS), and nothing here takes a tenant from a request.
 */

export type CheckOutcome = (typeof primarySourceChecks.$inferInsert)['outcome'];

export async function insertCheck(db: Db, row: { therapistId: string; source: 'nppes' | 'leie'; outcome: CheckOutcome; detail: string }) {
  await db.insert(primarySourceChecks).values(row);
}

export interface NpiCheckSubject {
  therapistId: string;
  firstName: string;
  lastName: string;
  disciplines: Discipline[];
  /** The newest NPI credential not rejected, or null (then `npi` is onboarding's number, if any). */
  credential: { id: string; number: string; status: string } | null;
  npi: string | null;
}

/** ALL TENANTS — the therapist and the NPI to check: their newest NPI credential, else onboarding's number. */
export async function findNpiCheckSubject(db: Db, therapistId: string): Promise<NpiCheckSubject | null> {
  const [profile] = await db
    .select({ firstName: therapistProfiles.firstName, lastName: therapistProfiles.lastName, disciplines: therapistProfiles.disciplines, onboardingNpi: userProfiles.npiNumber })
    .from(therapistProfiles)
    .leftJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
    .where(eq(therapistProfiles.id, therapistId));
  if (!profile) return null;
  const [credential] = await db
    .select({ id: therapistCredentials.id, number: therapistCredentials.number, status: therapistCredentials.status })
    .from(therapistCredentials)
    .where(and(eq(therapistCredentials.therapistId, therapistId), eq(therapistCredentials.kind, 'npi'), sql`${therapistCredentials.status} <> 'rejected'`))
    .orderBy(desc(therapistCredentials.submittedAt))
    .limit(1);
  return {
    therapistId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    disciplines: profile.disciplines as Discipline[],
    credential: credential ?? null,
    npi: credential?.number || profile.onboardingNpi || null,
  };
}

/** The credential as it is now, locked until the transaction ends, so a change made meanwhile is not verified. */
export async function lockCredential(db: Db, id: string) {
  const [row] = await db
    .select({ number: therapistCredentials.number, status: therapistCredentials.status })
    .from(therapistCredentials)
    .where(eq(therapistCredentials.id, id))
    .for('update');
  return row ?? null;
}

export async function markNpiVerifiedByNppes(db: Db, id: string, source: string) {
  const now = new Date();
  await db
    .update(therapistCredentials)
    .set({ status: 'verified', verifiedAt: now, verifiedBy: 'nppes', verificationMethod: 'nppes', verificationSource: source, rejectionReason: null, updatedAt: now })
    .where(eq(therapistCredentials.id, id));
}

/** The approved managers, with their sign-in address and email choice, in id order (see createNotifications). */
export async function approvedManagers(db: Db) {
  return db
    .select({ userId: users.id, email: users.email, emailOptIn: notificationPreferences.email })
    .from(useraccounts)
    .innerJoin(users, eq(users.id, useraccounts.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(useraccounts.userType, 'manager'), eq(useraccounts.status, 'approved')))
    .orderBy(users.id);
}

/** ALL TENANTS — managers only: suspended therapists, longest suspended first. */
export async function listSuspendedTherapists(db: Db) {
  return db
    .select({
      therapistId: therapistProfiles.id,
      firstName: therapistProfiles.firstName,
      lastName: therapistProfiles.lastName,
      email: therapistProfiles.email,
      suspendedAt: therapistProfiles.suspendedAt,
      reason: therapistProfiles.suspensionReason,
    })
    .from(therapistProfiles)
    .where(isNotNull(therapistProfiles.suspendedAt))
    .orderBy(therapistProfiles.suspendedAt);
}

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AccountStatus, UserType } from '../../domain/accounts';
import type { Credential } from '../../domain/credential-changes';
import type { Db } from '../db/client';
import { agencyProfiles, credentialChanges, therapistProfiles, user, userProfiles, useraccounts } from '../db/schema/index';

/**
 * Credential changes submitted after approval. The account holder's queries are scoped by the
 * session's user id; the review list and the review itself are the managers' all-tenant queries.
 */

/** Locks the account row, so a save and a review of the same account never interleave. */
export async function lockAccountStatus(tx: Db, userId: string): Promise<AccountStatus | null> {
  const [row] = await tx
    .select({ status: useraccounts.status })
    .from(useraccounts)
    .where(eq(useraccounts.userId, userId))
    .for('update');
  return row?.status ?? null;
}

/** Records `credential` as the account's pending change, replacing one already pending. */
export async function upsertPendingChange(tx: Db, userId: string, credential: Credential): Promise<void> {
  await tx
    .insert(credentialChanges)
    .values({ userId, ...credential })
    .onConflictDoUpdate({
      target: credentialChanges.userId,
      targetWhere: sql`${credentialChanges.status} = 'pending'`,
      set: { ...credential, submittedAt: sql`now()` },
    });
}

/** Withdraws the account's pending change, if any; returns whether there was one. */
export async function withdrawPendingChange(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx
    .update(credentialChanges)
    .set({ status: 'withdrawn' })
    .where(and(eq(credentialChanges.userId, userId), eq(credentialChanges.status, 'pending')))
    .returning({ id: credentialChanges.id });
  return rows.length > 0;
}

/** The account's latest change that is not withdrawn, for its onboarding page. */
export async function latestChangeOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(credentialChanges)
    .where(and(eq(credentialChanges.userId, userId), sql`${credentialChanges.status} <> 'withdrawn'`))
    .orderBy(desc(credentialChanges.submittedAt), desc(credentialChanges.id))
    .limit(1);
  return row ?? null;
}

// Only agencies and therapists onboard, so one of the two profiles names the account.
const nameSql = sql<string>`coalesce(${agencyProfiles.companyName}, ${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}, ${user.name})`;

const changeColumns = {
  id: credentialChanges.id,
  userId: credentialChanges.userId,
  status: credentialChanges.status,
  npiNumber: credentialChanges.npiNumber,
  licenseNumber: credentialChanges.licenseNumber,
  licenseState: credentialChanges.licenseState,
  licenseExpiry: credentialChanges.licenseExpiry,
  submittedAt: credentialChanges.submittedAt,
  userType: useraccounts.userType,
  email: useraccounts.email,
  name: nameSql,
  approvedNpiNumber: userProfiles.npiNumber,
  approvedLicenseNumber: userProfiles.licenseNumber,
  approvedLicenseState: userProfiles.licenseState,
  approvedLicenseExpiry: userProfiles.licenseExpiry,
};

export interface CredentialChangeRow {
  id: string;
  userId: string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  npiNumber: string;
  licenseNumber: string;
  licenseState: string;
  licenseExpiry: string;
  submittedAt: Date;
  userType: UserType;
  email: string;
  name: string;
  approvedNpiNumber: string | null;
  approvedLicenseNumber: string | null;
  approvedLicenseState: string | null;
  approvedLicenseExpiry: string | null;
}

function changesWithAccounts(db: Db) {
  return db
    .select(changeColumns)
    .from(credentialChanges)
    .innerJoin(useraccounts, eq(useraccounts.userId, credentialChanges.userId))
    .innerJoin(user, eq(user.id, credentialChanges.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, credentialChanges.userId))
    .leftJoin(agencyProfiles, eq(agencyProfiles.id, credentialChanges.userId))
    .leftJoin(therapistProfiles, eq(therapistProfiles.id, credentialChanges.userId));
}

/** Managers' review list, across every account: pending changes, oldest first (at most `limit`). */
export async function listPendingChangesForManagers(db: Db, limit = 100): Promise<CredentialChangeRow[]> {
  return changesWithAccounts(db)
    .where(eq(credentialChanges.status, 'pending'))
    .orderBy(asc(credentialChanges.submittedAt), asc(credentialChanges.id))
    .limit(limit);
}

/** One change with its account and approved credential; `forUpdate` locks the change row. */
export async function findChangeForManagers(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<CredentialChangeRow | null> {
  const query = changesWithAccounts(db).where(eq(credentialChanges.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: credentialChanges }) : await query;
  return row ?? null;
}

/** Marks a pending change approved or rejected. */
export async function closeChange(
  tx: Db,
  change: { id: string; status: 'approved' | 'rejected'; reviewedBy: string; reason: string | null },
): Promise<void> {
  await tx
    .update(credentialChanges)
    .set({ status: change.status, reviewedAt: sql`now()`, reviewedBy: change.reviewedBy, reason: change.reason })
    .where(and(eq(credentialChanges.id, change.id), eq(credentialChanges.status, 'pending')));
}

/** Makes a reviewed credential the account's approved one. */
export async function recordApprovedCredential(tx: Db, userId: string, credential: Credential): Promise<void> {
  await tx
    .update(userProfiles)
    .set({ ...credential, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}

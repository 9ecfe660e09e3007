import { eq, sql } from 'drizzle-orm';
import type { CredentialKind } from '../../domain/credentials';
import type { Db } from '../db/client';
import { credentialReminders, notificationPreferences, therapistCredentials, therapistProfiles, useraccounts } from '../db/schema/index';

/**
 * The expiry job's SQL. The job acts for the platform across every therapist, so these queries
 * are deliberately unscoped (named …AnyTherapist); each candidate is re-checked by the statement
 * that acts on it.
 */

const BATCH = 1000;

/** Verified credentials whose last valid day is before `today`: candidates to mark expired. */
export async function pastExpiryAnyTherapist(db: Db, today: string): Promise<{ id: string }[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from therapist_credentials
    where status = 'verified' and expires_on < ${today}::date
    order by expires_on, id limit ${BATCH}`);
  return result.rows;
}

export interface ReminderCandidate {
  id: string;
  therapistId: string;
  kind: CredentialKind;
  issuer: string;
  compactPrivilege: boolean;
  expiresOn: string;
}

/**
 * Verified credentials of approved therapists expiring from `today` to `until`, without a reminder
 * yet for their current expiry date at some threshold, and not already replaced by a later one of
 * the same kind and issuer that the therapist submitted or had verified (they have renewed).
 */
export async function expiringSoonAnyTherapist(db: Db, today: string, until: string): Promise<ReminderCandidate[]> {
  const result = await db.execute<{ id: string; therapist_id: string; kind: CredentialKind; issuer: string; compact_privilege: boolean; expires_on: string }>(sql`
    select c.id, c.therapist_id, c.kind, c.issuer, c.compact_privilege, c.expires_on::text as expires_on
    from therapist_credentials c
    join useraccounts a on a.user_id = c.therapist_id and a.status = 'approved'
    where c.status = 'verified' and c.expires_on between ${today}::date and ${until}::date
      and not exists (
        select 1 from therapist_credentials r
        where r.therapist_id = c.therapist_id and r.kind = c.kind and upper(r.issuer) = upper(c.issuer) and r.id <> c.id
          and r.status in ('submitted', 'verified') and (r.expires_on is null or r.expires_on > c.expires_on))
    order by c.expires_on, c.id limit ${BATCH}`);
  return result.rows.map((r) => ({
    id: r.id,
    therapistId: r.therapist_id,
    kind: r.kind,
    issuer: r.issuer,
    compactPrivilege: r.compact_privilege,
    expiresOn: r.expires_on,
  }));
}

/**
 * Claims the reminder at `daysBefore` for the credential's current expiry date: true for the one
 * caller whose row went in. A concurrent claimer waits on the unique index and then finds the row,
 * so two instances or a rerun never send the same reminder twice; a rollback releases the claim.
 */
export async function claimExpiryReminder(db: Db, reminder: { credentialId: string; daysBefore: number; expiresOn: string }): Promise<boolean> {
  const rows = await db.insert(credentialReminders).values(reminder).onConflictDoNothing().returning({ credentialId: credentialReminders.credentialId });
  return rows.length > 0;
}

/** The credential as it is now, locked until the transaction ends. */
export async function lockCredential(db: Db, id: string) {
  const [row] = await db
    .select({
      id: therapistCredentials.id,
      therapistId: therapistCredentials.therapistId,
      kind: therapistCredentials.kind,
      issuer: therapistCredentials.issuer,
      compactPrivilege: therapistCredentials.compactPrivilege,
      status: therapistCredentials.status,
      expiresOn: therapistCredentials.expiresOn,
    })
    .from(therapistCredentials)
    .where(eq(therapistCredentials.id, id))
    .for('update');
  return row ?? null;
}

export interface ExpiryRecipient {
  email: string;
  accountStatus: string;
  timeZone: string | null;
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
  smsPhone: string | null;
}

/** Where a therapist's expiry notices go: their address, their alert choices (none saved: defaults) and their zone. */
export async function expiryRecipient(db: Db, therapistId: string): Promise<ExpiryRecipient | null> {
  const [row] = await db
    .select({
      email: therapistProfiles.email,
      accountStatus: useraccounts.status,
      timeZone: useraccounts.timeZone,
      emailOptIn: notificationPreferences.email,
      smsOptIn: notificationPreferences.sms,
      smsPhone: notificationPreferences.smsPhone,
    })
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, therapistProfiles.id))
    .where(eq(therapistProfiles.id, therapistId));
  return row ?? null;
}

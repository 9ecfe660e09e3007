import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leieDismissedMatches, leieExclusions, leieImports, therapistCredentials, therapistProfiles, userProfiles } from '../db/schema/index';

/** ALL TENANTS — the LEIE checks are a job's and managers' work; nothing here takes a tenant from a request. */

export type LeieRow = typeof leieExclusions.$inferSelect;

export interface TherapistForLeie {
  therapistId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  suspendedAt: Date | null;
  npis: string[];
}

/** Therapists to check (all but rejected sign-ups, or one), each with every NPI they gave (credentials and onboarding). */
export async function therapistsForLeie(db: Db, therapistId: string | null): Promise<TherapistForLeie[]> {
  const rows = await db
    .select({
      therapistId: therapistProfiles.id,
      firstName: therapistProfiles.firstName,
      lastName: therapistProfiles.lastName,
      dateOfBirth: therapistProfiles.dateOfBirth,
      suspendedAt: therapistProfiles.suspendedAt,
      onboardingNpi: userProfiles.npiNumber,
    })
    .from(therapistProfiles)
    .leftJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
    .where(therapistId ? eq(therapistProfiles.id, therapistId) : ne(therapistProfiles.status, 'rejected'))
    .orderBy(therapistProfiles.id);
  const ids = rows.map((row) => row.therapistId);
  const credentials = ids.length === 0 ? [] : await db
    .select({ therapistId: therapistCredentials.therapistId, number: therapistCredentials.number })
    .from(therapistCredentials)
    .where(and(eq(therapistCredentials.kind, 'npi'), ne(therapistCredentials.status, 'rejected'), therapistId ? eq(therapistCredentials.therapistId, therapistId) : sql`true`));
  const npisOf = new Map<string, Set<string>>();
  for (const row of [...rows.map((r) => ({ therapistId: r.therapistId, number: r.onboardingNpi ?? '' })), ...credentials]) {
    const number = row.number.trim();
    if (!/^\d{10}$/.test(number)) continue;
    npisOf.set(row.therapistId, (npisOf.get(row.therapistId) ?? new Set()).add(number));
  }
  return rows.map(({ onboardingNpi: _, ...row }) => ({ ...row, npis: [...(npisOf.get(row.therapistId) ?? [])] }));
}

/** The entries in force (not reinstated) with one of these NPIs. */
export async function entriesByNpi(db: Db, npis: string[]): Promise<LeieRow[]> {
  if (npis.length === 0) return [];
  return db.select().from(leieExclusions).where(and(inArray(leieExclusions.npi, npis), notReinstated));
}

/** The entries in force with this last name, first name and date of birth (case-insensitive names). */
export async function entriesByNameAndBirth(db: Db, person: { lastName: string; firstName: string; dateOfBirth: string }): Promise<LeieRow[]> {
  return db
    .select()
    .from(leieExclusions)
    .where(
      and(
        sql`lower(${leieExclusions.lastName}) = lower(${person.lastName.trim()})`,
        sql`lower(${leieExclusions.firstName}) = lower(${person.firstName.trim()})`,
        eq(leieExclusions.dateOfBirth, person.dateOfBirth),
        notReinstated,
      ),
    );
}

const notReinstated = sql`(${leieExclusions.reinstatedOn} is null or ${leieExclusions.reinstatedOn} > current_date)`;

export async function dismissedFingerprints(db: Db, therapistId: string): Promise<Set<string>> {
  const rows = await db.select({ fingerprint: leieDismissedMatches.fingerprint }).from(leieDismissedMatches).where(eq(leieDismissedMatches.therapistId, therapistId));
  return new Set(rows.map((row) => row.fingerprint));
}

/** The import whose rows are the list in force: the newest finished one. */
export async function importInForce(db: Db) {
  const [row] = await db.select().from(leieImports).where(eq(leieImports.status, 'finished')).orderBy(desc(leieImports.finishedAt)).limit(1);
  return row ?? null;
}

/** The therapist's suspension as it is now, locked until the transaction ends (a lift and a suspension never interleave). */
export async function lockSuspension(db: Db, therapistId: string) {
  const [row] = await db
    .select({ suspendedAt: therapistProfiles.suspendedAt, firstName: therapistProfiles.firstName, lastName: therapistProfiles.lastName })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, therapistId))
    .for('update');
  return row ?? null;
}

export async function setSuspension(db: Db, therapistId: string, suspension: { at: Date; reason: string } | null) {
  await db
    .update(therapistProfiles)
    .set({ suspendedAt: suspension?.at ?? null, suspensionReason: suspension?.reason ?? null })
    .where(eq(therapistProfiles.id, therapistId));
}

export async function recordDismissals(db: Db, rows: Array<{ therapistId: string; fingerprint: string; dismissedBy: string; reason: string }>) {
  if (rows.length === 0) return;
  await db.insert(leieDismissedMatches).values(rows).onConflictDoNothing();
}


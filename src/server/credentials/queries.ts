import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../domain/uuid';
import type { Db } from '../db/client';
import { primarySourceChecks, therapistCredentials, therapistProfiles, useraccounts } from '../db/schema/index';

/**
 * Credentials' SQL. The therapist's queries are scoped by the session's user id in the `where`
 * clause, so another therapist's credential is simply not found; the managers' queries (named
 * `…ForManagers`) see every therapist and are called only behind the manager requirement.
 */

export type CredentialRow = typeof therapistCredentials.$inferSelect;
export type NewCredentialRow = typeof therapistCredentials.$inferInsert;

/** The therapist's credentials; `forUpdate` locks them (onboarding's save rewrites the NPI and license rows). */
export async function listCredentialsOf(db: Db, therapistId: string, options: { forUpdate?: boolean } = {}): Promise<CredentialRow[]> {
  const query = db
    .select()
    .from(therapistCredentials)
    .where(eq(therapistCredentials.therapistId, therapistId))
    .orderBy(asc(therapistCredentials.kind), asc(therapistCredentials.submittedAt), asc(therapistCredentials.id));
  return options.forUpdate ? query.for('update') : query;
}

/** One of the therapist's own credentials; `forUpdate` locks it against a manager's review or another edit. */
export async function findCredentialOf(db: Db, id: string, therapistId: string, options: { forUpdate?: boolean } = {}): Promise<CredentialRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(therapistCredentials)
    .where(and(eq(therapistCredentials.id, id), eq(therapistCredentials.therapistId, therapistId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCredential(tx: Db, row: NewCredentialRow): Promise<CredentialRow> {
  const [inserted] = await tx.insert(therapistCredentials).values(row).returning();
  return inserted!;
}

export async function deleteCredentialRow(tx: Db, id: string): Promise<void> {
  await tx.delete(therapistCredentials).where(eq(therapistCredentials.id, id));
}

/** Any credential, for the managers' screens and the owner-or-manager download. */
export async function findCredentialForManagers(db: Db, id: string): Promise<CredentialRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(therapistCredentials).where(eq(therapistCredentials.id, id));
  return row ?? null;
}

/** The managers' queue: submitted credentials, oldest first, with the therapist's name. */
export async function listSubmittedForManagers(db: Db, options: { limit: number; offset: number }) {
  const where = eq(therapistCredentials.status, 'submitted');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: therapistCredentials.id,
        therapistId: therapistCredentials.therapistId,
        therapistName: sql<string>`${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}`,
        kind: therapistCredentials.kind,
        issuer: therapistCredentials.issuer,
        compactPrivilege: therapistCredentials.compactPrivilege,
        submittedAt: therapistCredentials.submittedAt,
        hasDocument: sql<boolean>`${therapistCredentials.documentStorageKey} is not null`,
      })
      .from(therapistCredentials)
      .innerJoin(therapistProfiles, eq(therapistProfiles.id, therapistCredentials.therapistId))
      .where(where)
      .orderBy(asc(therapistCredentials.submittedAt), asc(therapistCredentials.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(therapistCredentials).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** A therapist as the managers' credential screen names them. */
export async function findTherapistForManagers(db: Db, therapistId: string) {
  const [row] = await db
    .select({
      id: therapistProfiles.id,
      firstName: therapistProfiles.firstName,
      lastName: therapistProfiles.lastName,
      email: therapistProfiles.email,
      disciplines: therapistProfiles.disciplines,
      status: useraccounts.status,
    })
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(eq(therapistProfiles.id, therapistId));
  return row ?? null;
}

/** The latest primary-source check of each source for a therapist (written by the NPPES and LEIE checks). */
export async function latestChecksForManagers(db: Db, therapistId: string) {
  return db
    .selectDistinctOn([primarySourceChecks.source])
    .from(primarySourceChecks)
    .where(eq(primarySourceChecks.therapistId, therapistId))
    .orderBy(primarySourceChecks.source, desc(primarySourceChecks.checkedAt), desc(primarySourceChecks.id));
}

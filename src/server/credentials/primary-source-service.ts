import { desc, eq, sql } from 'drizzle-orm';
import { primarySourceMessages, type ExclusionsOverview, type LeieImport } from '../../domain/primary-source-checks';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database, type Db } from '../db/client';
import { leieImports } from '../db/schema/index';
import { AppError } from '../errors';
import { liveJobExists } from '../jobs/job-table';
import type { JobQueue } from '../jobs/queue';
import type { Caller } from '../use-case';
import { leieMatchesOf } from './leie-check';
import { leieFingerprint } from './leie-match';
import { lockSuspension, recordDismissals, setSuspension, therapistsForLeie } from './leie-match-queries';
import { queueNppesCheck } from './nppes-check-job';
import { findNpiCheckSubject, insertCheck, listSuspendedTherapists } from './primary-source-queries';

/**
 * The managers' side of the primary-source checks: the LEIE imports and "Import now", the
 * suspended therapists and "Lift suspension", and "Check again" of an NPI with NPPES. ALL TENANTS —
 * managers only (the routes require a manager at aal2).
 */

interface Deps {
  database: Database;
  jobs: JobQueue;
}

/** Any number shared by every instance: two "Import now" clicks queue one import. */
const IMPORT_REQUEST_LOCK = 0x1e1e_0002;
const IMPORTS_SHOWN = 5;

function presentImport(row: typeof leieImports.$inferSelect): LeieImport {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    rowCount: row.rowCount,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const importQueuedSql = liveJobExists('leie-import', (data) => sql`${data}->>'trigger' in ('manager', 'schedule')`);

const checkingSql = sql`exists (select 1 from pgboss.job j where j.name = 'leie-check' and j.state < 'completed')`;

async function importQueued(db: Db): Promise<boolean> {
  const result = await db.execute<{ live: boolean }>(sql`select ${importQueuedSql} as live`);
  return result.rows[0]?.live === true;
}

async function checking(db: Db): Promise<boolean> {
  const result = await db.execute<{ live: boolean }>(sql`select ${checkingSql} as live`);
  return result.rows[0]?.live === true;
}

export async function getExclusionsOverview({ database }: { database: Database }): Promise<ExclusionsOverview> {
  const { db } = database;
  const [imports, [inForce], queued, checks, suspended] = await Promise.all([
    db.select().from(leieImports).orderBy(desc(leieImports.startedAt)).limit(IMPORTS_SHOWN),
    db.select().from(leieImports).where(eq(leieImports.status, 'finished')).orderBy(desc(leieImports.finishedAt)).limit(1),
    importQueued(db),
    checking(db),
    listSuspendedTherapists(db),
  ]);
  return {
    imports: imports.map(presentImport),
    inForce: inForce ? presentImport(inForce) : null,
    importQueued: queued,
    checking: checks,
    suspended: suspended.map((row) => ({
      therapistId: row.therapistId,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      suspendedAt: row.suspendedAt!.toISOString(),
      reason: row.reason ?? '',
    })),
  };
}

/**
 * "Import now": queues an import of the LEIE list, with its audit row. Refused while one is queued
 * or running; a lock makes two requests at once queue one import, not two.
 */
export async function requestLeieImport(deps: Deps, input: Caller): Promise<ExclusionsOverview> {
  await inTransaction(deps.database, async (t) => {
    await t.tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_REQUEST_LOCK})`);
    if (await importQueued(t.tx)) throw new AppError('CONFLICT', primarySourceMessages.importAlreadyQueued);
    await deps.jobs.send('leie-import', { trigger: 'manager' }, { sql: t.sql });
    await writeAudit(t.tx, {
      actorUserId: input.actor.userId,
      action: 'leie.import_requested',
      entityType: 'leie_import',
      outcome: 'success',
      ipAddress: input.client.ipAddress,
      userAgent: input.client.userAgent,
    });
  });
  return getExclusionsOverview(deps);
}

/**
 * Lifts a therapist's suspension with a reason (e.g. a namesake: same name and date of birth,
 * another person). The LEIE entries that match the therapist now are recorded as dismissed for
 * them, so later imports of the same entries do not suspend them again; an entry that changes, or a
 * new one, does. Audited, with a clear LEIE check recording who lifted it and why, in one transaction.
 */
export async function liftSuspension(deps: Deps, input: Caller & { therapistId: string; reason: string }): Promise<ExclusionsOverview> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION', primarySourceMessages.liftReasonRequired, { reason: primarySourceMessages.liftReasonRequired });
  await inTransaction(deps.database, async (t) => {
    const therapist = await lockSuspension(t.tx, input.therapistId);
    if (!therapist) throw new AppError('NOT_FOUND', primarySourceMessages.therapistNotFound);
    if (!therapist.suspendedAt) throw new AppError('CONFLICT', primarySourceMessages.notSuspended);
    const [subject] = await therapistsForLeie(t.tx, input.therapistId);
    const matches = subject ? await leieMatchesOf(t.tx, subject) : [];
    const fingerprints = matches.map((m) => leieFingerprint(m.entry));
    await recordDismissals(t.tx, fingerprints.map((fingerprint) => ({ therapistId: input.therapistId, fingerprint, dismissedBy: input.actor.userId, reason })));
    await setSuspension(t.tx, input.therapistId, null);
    await insertCheck(t.tx, {
      therapistId: input.therapistId,
      source: 'leie',
      outcome: 'clear',
      detail: `Suspension lifted by ${input.actor.name}: ${reason}${matches.length > 0 ? ` ${matches.length === 1 ? 'The listed entry is' : `The ${matches.length} listed entries are`} not counted against this therapist again unless the list changes it.` : ''}`,
    });
    await writeAudit(t.tx, {
      actorUserId: input.actor.userId,
      action: 'therapist.suspension_lifted',
      entityType: 'therapist',
      entityId: input.therapistId,
      outcome: 'success',
      ipAddress: input.client.ipAddress,
      userAgent: input.client.userAgent,
      details: { reason, dismissedEntries: fingerprints },
    });
  });
  return getExclusionsOverview(deps);
}

/** "Check again": queues a new NPPES check of the therapist's NPI (after an unreachable or mismatched one). */
export async function recheckNpi(deps: Deps, input: Caller & { therapistId: string }): Promise<void> {
  const subject = await findNpiCheckSubject(deps.database.db, input.therapistId);
  if (!subject) throw new AppError('NOT_FOUND', primarySourceMessages.therapistNotFound);
  if (!subject.npi) throw new AppError('CONFLICT', primarySourceMessages.noNpiOnFile);
  await inTransaction(deps.database, async (t) => {
    await queueNppesCheck(deps.jobs, input.therapistId, { sql: t.sql });
    await writeAudit(t.tx, {
      actorUserId: input.actor.userId,
      action: 'credential.nppes_check_requested',
      entityType: 'therapist',
      entityId: input.therapistId,
      outcome: 'success',
      ipAddress: input.client.ipAddress,
      userAgent: input.client.userAgent,
    });
  });
}

import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client';
import { mailMessages, smsMessages, undeliveredMessages, type undeliverableJobs } from '../db/schema/index';
import { failedJobs, liveJobExists } from '../jobs/job-table';
import type { JobName } from '../jobs/queue';
import type { MessageRows } from './message-rows';

/** The jobs whose work was promised to someone; see db/schema/undelivered.ts. */
export type UndeliverableJob = (typeof undeliverableJobs)[number];

export interface UndeliveredEntry {
  job: UndeliverableJob;
  sourceId: string;
  data: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
}

/** Opens the record of a message given up on, unless it has an open one already. */
export async function insertUndelivered(tx: Db, entry: UndeliveredEntry & { retriedAt?: Date }): Promise<boolean> {
  const inserted = await tx
    .insert(undeliveredMessages)
    .values({ ...entry, lastError: entry.lastError?.slice(0, 500) ?? null })
    .onConflictDoNothing()
    .returning({ id: undeliveredMessages.id });
  return inserted.length > 0;
}

/** Whether the sweep has already queued this message again once (its record has a retry and no manager). */
export async function sweptBefore(tx: Db, job: UndeliverableJob, sourceId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: undeliveredMessages.id })
    .from(undeliveredMessages)
    .where(and(eq(undeliveredMessages.job, job), eq(undeliveredMessages.sourceId, sourceId), isNotNull(undeliveredMessages.retriedAt), isNull(undeliveredMessages.retriedBy)))
    .limit(1);
  return Boolean(found);
}

/** Candidates only (each is re-checked under its lock): rows still queued since before `cutoff` with no job that will send them. */
export async function strandedRows(db: Db, rows: MessageRows, cutoff: Date, limit: number): Promise<string[]> {
  const found = await db
    .select({ id: rows.table.id })
    .from(rows.table)
    .where(and(eq(rows.table.status, 'queued'), lt(rows.table.createdAt, cutoff), sql`not ${liveJobExists(rows.job, (data) => rows.names(data, sql`${rows.table.id}::text`))}`))
    .orderBy(rows.table.createdAt)
    .limit(limit);
  return found.map((row) => row.id);
}

export async function hasLiveJob(tx: Db, rows: MessageRows, id: string): Promise<boolean> {
  const result = await tx.execute<{ live: boolean }>(sql`select ${liveJobExists(rows.job, (data) => rows.names(data, sql`${id}::text`))} as live`);
  return result.rows[0]?.live === true;
}

/**
 * Records the jobs of `names` that failed for good without a record: a last run that outlived its
 * expiry (its instance died) never got to record itself. One statement, idempotent: two sweeps at
 * once insert each record once.
 */
export async function recordFailedJobs(db: Db, names: readonly JobName[]): Promise<number> {
  const result = await db.execute(sql`
    insert into undelivered_messages (job, source_id, data, attempts, last_error, failed_at)
    select f.name, f.id, f.data, f.attempts, f.last_error, f.failed_at
    from (${failedJobs(names)}) f
    where not exists (select 1 from undelivered_messages u where u.source_id = f.id)
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** ALL TENANTS — managers only: the open records, newest first, with the mail or SMS row each is about. */
export async function listOpenUndelivered(db: Db, limit: number) {
  return db
    .select({
      id: undeliveredMessages.id,
      job: undeliveredMessages.job,
      data: undeliveredMessages.data,
      attempts: undeliveredMessages.attempts,
      lastError: undeliveredMessages.lastError,
      failedAt: undeliveredMessages.failedAt,
      mailTo: mailMessages.toAddress,
      mailSubject: mailMessages.subject,
      smsTo: smsMessages.toNumber,
    })
    .from(undeliveredMessages)
    .leftJoin(mailMessages, and(eq(undeliveredMessages.job, 'send-mail'), eq(mailMessages.id, undeliveredMessages.sourceId)))
    .leftJoin(smsMessages, and(eq(undeliveredMessages.job, 'send-sms'), eq(smsMessages.id, undeliveredMessages.sourceId)))
    .where(isNull(undeliveredMessages.retriedAt))
    .orderBy(desc(undeliveredMessages.failedAt), desc(undeliveredMessages.id))
    .limit(limit);
}
export type UndeliveredRow = Awaited<ReturnType<typeof listOpenUndelivered>>[number];

export async function countOpenUndelivered(pool: pg.Pool): Promise<number> {
  // Named, so each connection parses and plans it once and no query is built per call: the managers'
  // dashboard reads it on every request (it must drop as soon as a message is retried).
  const result = await pool.query<{ total: number }>({
    name: 'carerelay-open-undelivered-count',
    text: 'select count(*)::int as total from undelivered_messages where retried_at is null',
  });
  return result.rows[0]?.total ?? 0;
}

/** Marks an open record retried by `retriedBy`; none when it is not open (retried already, or no such record). */
export async function closeOpenUndelivered(tx: Db, id: string, retriedBy: string) {
  const [closed] = await tx
    .update(undeliveredMessages)
    .set({ retriedAt: sql`now()`, retriedBy })
    .where(and(eq(undeliveredMessages.id, id), isNull(undeliveredMessages.retriedAt)))
    .returning();
  return closed;
}

export async function undeliveredExists(tx: Db, id: string): Promise<boolean> {
  const [found] = await tx.select({ id: undeliveredMessages.id }).from(undeliveredMessages).where(eq(undeliveredMessages.id, id));
  return Boolean(found);
}

import { eq, sql } from 'drizzle-orm';
import { inTransaction, type Database } from '../db/client';
import { leieExclusions, leieImports } from '../db/schema/index';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { leieEntries, type LeieEntry } from './leie-csv';
import type { LeieSource } from './leie-source';

/** Rows per INSERT: 13 parameters each stays far below PostgreSQL's 65,535 per statement. */
const BATCH = 1000;
/** Any number shared by every instance: one import at a time, so two never interleave their rows. */
const IMPORT_LOCK = 0x1e1e_0001;

/**
 * Imports the LEIE list: records a running import (committed at once, so managers see it), then
 * replaces leie_exclusions with the file's rows in ONE transaction, inserting as the file streams
 * in, so a download that fails part-way (or a file that is not the list, or has no rows) leaves
 * the previous list in force. The import row ends finished with its row count, or failed with why
 * (and the error is thrown, so the job is retried). A finished import queues the check of every
 * therapist against the new list in the same transaction.
 */
export async function importLeieList(deps: { database: Database; jobs: JobQueue; source: LeieSource }): Promise<{ importId: string; rowCount: number }> {
  const { database, source } = deps;
  const [started] = await database.db.insert(leieImports).values({ source: source.description }).returning({ id: leieImports.id });
  const importId = started!.id;
  try {
    const rowCount = await inTransaction(database, async (t) => {
      await t.tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      // DELETE, not TRUNCATE: checks running meanwhile keep reading the old list until this commits.
      await t.tx.delete(leieExclusions);
      let count = 0;
      let batch: Array<LeieEntry & { importId: string }> = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await t.tx.insert(leieExclusions).values(batch);
        count += batch.length;
        batch = [];
      };
      for await (const entry of leieEntries(source.open())) {
        batch.push({ ...entry, importId });
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (count === 0) throw new Error('The file lists no exclusions');
      await t.tx.update(leieImports).set({ status: 'finished', rowCount: count, finishedAt: new Date() }).where(eq(leieImports.id, importId));
      await deps.jobs.send('leie-check', { therapistId: null }, { sql: t.sql });
      return count;
    });
    return { importId, rowCount };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await database.db
      .update(leieImports)
      .set({ status: 'failed', error: `${message}. The previous list stays in force.`, finishedAt: new Date() })
      .where(eq(leieImports.id, importId));
    throw error;
  }
}

/** The `leie-import` job (monthly, and a manager's "Import now"): each run is one import row; a failed run is retried by the queue. */
export function createLeieImportJob(deps: { database: Database; jobs: JobQueue; source: LeieSource }): JobHandler<'leie-import'> {
  return async () => {
    await importLeieList(deps);
  };
}

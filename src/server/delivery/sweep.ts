import { inTransaction, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { messageRows, type MessageRows } from './message-rows';
import { hasLiveJob, insertUndelivered, recordFailedJobs, strandedRows, sweptBefore } from './queries';

/**
 * The 'delivery-sweep' job, every 5 minutes: nothing promised is left waiting for a job that no
 * longer exists.
 * - A mail or text still queued with no job that will send it (its last run died with its
 *   instance, its job was archived, or the database was down when it failed) is queued again once;
 *   found stranded again after that, it is marked failed and recorded for managers.
 * - A sign-up chat message or referral alert whose job failed for good without recording itself
 *   (its last run outlived its expiry) is recorded for managers.
 * Each message is decided in its own transaction under its row's lock, re-checked after locking,
 * so two sweeps at once (two instances) queue it once.
 */

/**
 * A message's job is queued in the transaction that writes it, so a queued row always has one;
 * this margin only keeps the sweep clear of rows written moments ago.
 */
const STRANDED_AFTER_MS = 10 * 60_000;
const BATCH = 500;
/** What a manager reads on a message whose job vanished without an error of its own. */
export const STRANDED_ERROR = 'Its delivery job ended without delivering it.';

export interface DeliverySweepDeps {
  database: Database;
  jobs: JobQueue;
}

export interface DeliverySweepResult {
  requeued: number;
  failed: number;
  recorded: number;
}

export async function runDeliverySweep(deps: DeliverySweepDeps, now = new Date()): Promise<DeliverySweepResult> {
  const result: DeliverySweepResult = { requeued: 0, failed: 0, recorded: 0 };
  const cutoff = new Date(now.getTime() - STRANDED_AFTER_MS);
  for (const rows of Object.values(messageRows)) {
    for (const id of await strandedRows(deps.database.db, rows, cutoff, BATCH)) {
      const outcome = await settleStranded(deps, rows, id);
      if (outcome) result[outcome]++;
    }
  }
  result.recorded = await recordFailedJobs(deps.database.db, ['signup-webhook', 'referral-alerts', 'referral-alert']);
  return result;
}

async function settleStranded(deps: DeliverySweepDeps, rows: MessageRows, id: string): Promise<'requeued' | 'failed' | undefined> {
  return inTransaction(deps.database, async (t) => {
    const queued = await rows.lockQueued(t.tx, id);
    // Delivered or given up on meanwhile, or queued again by another sweep (its job is live now that we hold the lock).
    if (!queued || (await hasLiveJob(t.tx, rows, id))) return undefined;
    const data = rows.dataFor(id);
    if (await sweptBefore(t.tx, rows.job, id)) {
      const failed = await rows.markFailed(t.tx, id);
      if (!failed) return undefined;
      await insertUndelivered(t.tx, { job: rows.job, sourceId: id, data, attempts: failed.attempts, lastError: failed.lastError ?? STRANDED_ERROR });
      return 'failed';
    }
    // The sweep's one re-queue is kept as a retried record without a manager, so the next time it is failed instead.
    await insertUndelivered(t.tx, { job: rows.job, sourceId: id, data, attempts: queued.attempts, lastError: queued.lastError ?? STRANDED_ERROR, retriedAt: new Date() });
    await rows.send(deps.jobs, id, t.sql);
    return 'requeued';
  });
}

/** Registers the sweep's worker and its 5-minute schedule (one line in runtime.ts). */
export async function startDeliverySweep(deps: DeliverySweepDeps): Promise<void> {
  await deps.jobs.work('delivery-sweep', async () => {
    await runDeliverySweep(deps);
  });
  await deps.jobs.schedule('delivery-sweep', '*/5 * * * *', {});
}

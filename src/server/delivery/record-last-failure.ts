import { inTransaction, type Database } from '../db/client';
import { isLastRun, type BatchJobHandler, type JobData, type JobHandler, type JobRun } from '../jobs/queue';
import { isMessageRowJob, messageRows } from './message-rows';
import { insertUndelivered, type UndeliverableJob } from './queries';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Wraps the handler of a job that delivers something promised: when its last run fails, the work
 * is recorded as undelivered (a mail or text also becomes 'failed') before the job fails, so a
 * manager sees it and can queue it again instead of it waiting for ever. The handler's error is
 * thrown on as before; if recording fails too (the database is down), the delivery sweep finds the
 * work later, so that failure is not the one reported.
 */
export function recordLastFailure<N extends UndeliverableJob>(database: Database, name: N, handler: JobHandler<N>): JobHandler<N> {
  return async (data, run) => {
    try {
      await handler(data, run);
    } catch (error) {
      if (run && isLastRun(run)) await recordUndelivered(database, name, data, run, messageOf(error)).catch(() => {});
      throw error;
    }
  };
}

/**
 * recordLastFailure for a queue whose batches are handled together (mail): each job of the batch
 * that failed on its last run is recorded as undelivered, on its own, before it fails.
 */
export function recordLastFailures<N extends UndeliverableJob>(database: Database, name: N, handler: BatchJobHandler<N>): BatchJobHandler<N> {
  return async (jobs) => {
    const outcomes = await handler(jobs).catch((error: unknown) => jobs.map(() => (error instanceof Error ? error : new Error(String(error)))));
    await Promise.all(
      jobs.map(async ({ data, run }, index) => {
        const error = outcomes[index];
        if (error && isLastRun(run)) await recordUndelivered(database, name, data, run, error.message).catch(() => {});
      }),
    );
    return outcomes;
  };
}

async function recordUndelivered<N extends UndeliverableJob>(database: Database, name: N, data: JobData[N], run: JobRun, lastError: string) {
  await inTransaction(database, async ({ tx }) => {
    if (isMessageRowJob(name)) {
      const rows = messageRows[name];
      // Each message of the job on its own, and only one still queued: one delivered meanwhile (a
      // retried job that did get through, or a mail sent with others of its job) stays delivered.
      for (const id of rows.idsOf(data as Record<string, unknown>)) {
        const failed = await rows.markFailed(tx, id);
        if (failed) await insertUndelivered(tx, { job: name, sourceId: id, data: rows.dataFor(id), attempts: failed.attempts, lastError: failed.lastError ?? lastError });
      }
      return;
    }
    await insertUndelivered(tx, { job: name, sourceId: run.jobId, data: { ...data }, attempts: run.retryCount + 1, lastError });
  });
}

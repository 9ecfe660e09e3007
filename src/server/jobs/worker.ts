import type PgBoss from 'pg-boss';

/** How long a worker waits before polling an empty queue again. */
const POLL_MS = 500;
/** The longest wait between polls while the database does not answer. */
const MAX_BACKOFF_MS = 10_000;

export interface Worker {
  /** Stops polling, lets the jobs in hand finish, and resolves when they have. */
  stop(): Promise<void>;
}

/**
 * Runs a fetched batch: for each job, in order, undefined when it succeeded or the error it failed
 * with. Throwing fails every job of the batch with that error.
 */
export type RunBatch = (jobs: PgBoss.JobWithMetadata<unknown>[]) => Promise<Array<Error | undefined>>;

/**
 * Runs one queue's jobs: fetches a batch, hands it to `runBatch` (which runs its jobs side by side,
 * or delivers them together in bulk statements: mail), fails each job that failed on its own and
 * completes the rest together, in one statement once the batch is done (the next fetch waits for
 * the batch anyway; a mail queue draining a backlog so spends one statement per batch on
 * completions rather than one per mail). pg-boss's own `work()` completes and fails batches without
 * awaiting them, so a database that goes away at that moment leaves a rejected promise nobody
 * handles, which ends the process; here every call to the database is awaited and its failure
 * reported to `onError`. A job that cannot be marked done or failed stays active, and pg-boss's
 * maintenance retries it once its expiry passes, so nothing is lost (handlers are written to be run
 * again safely).
 */
export function startWorker(boss: PgBoss, name: string, options: { batchSize: number; runBatch: RunBatch; onError: (error: Error) => void }): Worker {
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const report = (error: unknown) => options.onError(asError(error));

  const runBatch = async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
    if (jobs.length === 0) return;
    const outcomes = await options.runBatch(jobs).catch((error: unknown) => jobs.map(() => asError(error)));
    const done: string[] = [];
    await Promise.all(
      jobs.map(async (job, index) => {
        const error = outcomes[index];
        if (!error) {
          done.push(job.id);
          return;
        }
        report(error);
        await boss.fail(name, job.id, { message: error.message }).catch(report);
      }),
    );
    if (done.length > 0) await boss.complete(name, done).catch(report);
  };

  const loop = async () => {
    let failures = 0;
    while (!stopping) {
      let jobs: PgBoss.JobWithMetadata<unknown>[] = [];
      try {
        jobs = await boss.fetch(name, { batchSize: options.batchSize, includeMetadata: true });
        failures = 0;
      } catch (error) {
        failures++;
        report(error);
      }
      await runBatch(jobs);
      if (stopping) break;
      if (failures > 0) await pause(Math.min(POLL_MS * 2 ** failures, MAX_BACKOFF_MS));
      else if (jobs.length < options.batchSize) await pause(POLL_MS);
    }
  };
  const running = loop();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** A batch runner that runs each job of the batch on its own, side by side. */
export function eachJob(run: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>): RunBatch {
  return (jobs) => Promise.all(jobs.map((job) => run(job).then(() => undefined, asError)));
}

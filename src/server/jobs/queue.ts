import PgBoss from 'pg-boss';
import type { SqlRunner } from '../db/client';

/** Every background job the app runs, with the data it carries. */
export interface JobData {
  'send-mail': { mailId: string };
  'send-sms': { smsId: string };
  /** A message to the team's chat about a new sign-up (managers use the agency channel). */
  'signup-webhook': { target: 'agency' | 'therapist' | 'manager'; content: string };
  /** Queues the 'referral-alert' of each therapist just offered a referral (after its commit). */
  'referral-alerts': { referralId: string; therapistIds: string[] };
  /** One therapist's email/SMS alert about one referral, held back during their quiet hours. */
  'referral-alert': { referralId: string; therapistId: string };
  /** Closes a posted referral whose offer window has passed. */
  'expire-referral': { referralId: string };
  /** Reminds the therapist (and agency) of a visit shortly before it starts. */
  'visit-reminder': { visitId: string };
  /** Periodic: flags overdue notes and approves notes not reviewed in time. */
  'documentation-sweep': Record<string, never>;
  /** Charges the agency for one payable visit through the payment provider. */
  'payment-charge': { visitId: string };
  /** Pays the therapist for one payable visit through the payment provider. */
  'payment-payout': { visitId: string };
}
export type JobName = keyof JobData;

/** Which run of its job a handler is in: retryCount is 0 on the first run; the run with retryCount = retryLimit is the last. */
export interface JobRun {
  retryCount: number;
  retryLimit: number;
}

/** `run` is always passed by the queue; it is optional so a test may call a handler with its data alone. */
export type JobHandler<N extends JobName> = (data: JobData[N], run?: JobRun) => Promise<void>;

export interface JobQueue {
  boss: PgBoss;
  /** Queues a job; pass the transaction's `sql` so the job exists only if the transaction commits. */
  send<N extends JobName>(name: N, data: JobData[N], options?: { sql?: SqlRunner; startAfter?: Date }): Promise<void>;
  /** Queues many jobs of one kind in one statement. */
  sendMany<N extends JobName>(name: N, data: JobData[N][], options?: { sql?: SqlRunner }): Promise<void>;
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /** Runs a job on a cron schedule (one instance across all app instances). */
  schedule<N extends JobName>(name: N, cron: string, data: JobData[N]): Promise<void>;
  stop(): Promise<void>;
}

/** Jobs fetched per poll; each is still run, completed or retried on its own. */
const WORK_BATCH = 20;

export async function startJobQueue(options: {
  databaseUrl: string;
  retryDelaySeconds: number;
  retryLimit: number;
  onError: (error: Error) => void;
}): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: 4, application_name: 'carerelay-jobs' });
  boss.on('error', options.onError);
  await boss.start();
  const created = new Set<string>();

  async function ensureQueue(name: JobName) {
    if (created.has(name)) return;
    // Failed deliveries wait retryDelay, then twice as long each time (retryBackoff), so an outage
    // of the SMTP server or a webhook is ridden out rather than lost.
    await boss.createQueue(name, {
      name,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
    });
    created.add(name);
  }

  return {
    boss,
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      await boss.send(name, data, {
        ...(sendOptions?.sql ? { db: sendOptions.sql as PgBoss.Db } : {}),
        ...(sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
    },
    async sendMany(name, data, sendOptions) {
      if (data.length === 0) return;
      await ensureQueue(name);
      // insert() takes no queue policy of its own, so retries are set per job as in createQueue.
      const jobs = data.map((item) => ({ name, data: item, retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true }));
      await boss.insert(jobs, sendOptions?.sql ? { db: sendOptions.sql as PgBoss.Db } : {});
    },
    async work(name, handler) {
      await ensureQueue(name);
      // pg-boss waits its polling interval after each fetch, so one job per fetch would cap a queue
      // at two jobs a second (5,000 referral alerts would take 40 minutes). A batch is fetched
      // instead, and each job still succeeds or fails on its own: a failed one is handed back for
      // retry here, and pg-boss completes only the jobs still active afterwards.
      await boss.work<JobData[typeof name]>(name, { pollingIntervalSeconds: 0.5, batchSize: WORK_BATCH, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
          } catch (error) {
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            options.onError(error instanceof Error ? error : new Error(String(error)));
          }
        }
      });
    },
    async schedule(name, cron, data) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data);
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}

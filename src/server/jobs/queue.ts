import PgBoss from 'pg-boss';
import { createPool, type SqlRunner } from '../db/client';
import { preparedRunner } from '../db/named-statement';
import { eachJob, startWorker, type RunBatch, type Worker } from './worker';

/** Every background job the app runs, with the data it carries. */
export interface JobData {
  /**
   * Delivers mails: all of a use case's mails in one job (a referral's alerts go out as a job per
   * MAILS_PER_JOB rather than one per therapist), each mail still recorded, retried and given up
   * on by its own row. `{ mailId }` is one queued by the previous version, still waiting after an upgrade.
   */
  'send-mail': { mailIds: string[] } | { mailId: string };
  'send-sms': { smsId: string };
  /** A message to the team's chat about a new sign-up (managers use the agency channel). */
  'signup-webhook': { target: 'agency' | 'therapist' | 'manager'; content: string };
  /**
   * The email/SMS alerts of therapists offered a referral, in bulk (after its commit); those in quiet
   * hours get a job of their own for when they end. Without `therapistIds`: every offer of the
   * referral not alerted yet (what a post queues: its offers are all new).
   */
  'referral-alerts': { referralId: string; therapistIds?: string[] };
  /** One therapist's email/SMS alert about one referral: what the previous version queued (referral-alerts does it now). */
  'referral-alert': { referralId: string; therapistId: string };
  /** Closes a posted referral whose offer window has passed. */
  'expire-referral': { referralId: string };
  /** Reminds the therapist (and agency) of a visit shortly before it starts. */
  'visit-reminder': { visitId: string };
  /** Periodic: flags overdue notes and approves notes not reviewed in time. */
  'documentation-sweep': Record<string, never>;
  /** Periodic: finds messages whose delivery job is gone and queues them again once, or records them undelivered. */
  'delivery-sweep': Record<string, never>;
  /** Charges the agency for one payable visit through the payment provider. */
  'payment-charge': { visitId: string };
  /** Pays the therapist for one payable visit through the payment provider. */
  'payment-payout': { visitId: string };
  /** Periodic: tells each party of a referral once when a rating of the other side is due. */
  'rating-prompts': Record<string, never>;
  /** Every 15 minutes: reminds both parties once of each care deadline coming due (care-clocks/reminder-sweep.ts). */
  'care-clock-reminders': Record<string, never>;
  /** Daily: marks credentials past their expiry date expired and sends the 60/30/7/0-day reminders. */
  'credential-expiry': Record<string, never>;
  /** Checks a therapist's NPI against the NPPES NPI Registry; retried while the registry cannot be reached. */
  'nppes-check': { therapistId: string };
  /** Locates a patient's saved address with the geocoder, for visit verification; retried while it cannot be reached. */
  'locate-patient-home': { referralId: string };
  /** Monthly, or a manager's "Import now": imports the OIG exclusion list (LEIE). */
  'leie-import': { trigger: 'schedule' | 'manager' };
  /** Checks one therapist (at approval) or all (null, after an import) against the LEIE list in force. */
  'leie-check': { therapistId: string | null };
}
export type JobName = keyof JobData;

/** One job to queue with sendAll: its kind, its data and, optionally, when it may start. */
export type QueuedJob = { [N in JobName]: { name: N; data: JobData[N]; startAfter?: Date } }[JobName];

/** Which run of its job a handler is in: retryCount is 0 on the first run; the run with retryCount = retryLimit is the last. */
export interface JobRun {
  /** The pg-boss job's id, the same on every run of it. */
  jobId: string;
  retryCount: number;
  retryLimit: number;
}

/** Whether this run is the queue's last: a failure now is final rather than retried. */
export function isLastRun(run: JobRun | undefined): boolean {
  return run !== undefined && run.retryCount >= run.retryLimit;
}

/** `run` is always passed by the queue; it is optional so a test may call a handler with its data alone. */
export type JobHandler<N extends JobName> = (data: JobData[N], run?: JobRun) => Promise<void>;

/** One job of a fetched batch, as a batch handler is given it. */
export interface BatchJob<N extends JobName> {
  data: JobData[N];
  run: JobRun;
}

/**
 * Handles a fetched batch of one queue's jobs together (mail: one read and one write for all of
 * them). Its answer holds, for each job in order, undefined when it succeeded or the error it
 * failed with: each job is still failed, retried and recorded on its own.
 */
export type BatchJobHandler<N extends JobName> = (jobs: BatchJob<N>[]) => Promise<Array<Error | undefined>>;

export interface JobQueue {
  boss: PgBoss;
  /** Queues a job; pass the transaction's `sql` so the job exists only if the transaction commits. */
  send<N extends JobName>(name: N, data: JobData[N], options?: { sql?: SqlRunner; startAfter?: Date }): Promise<void>;
  /** Queues many jobs of one kind in one statement. */
  sendMany<N extends JobName>(name: N, data: JobData[N][], options?: { sql?: SqlRunner }): Promise<void>;
  /** Queues jobs of any kinds in one statement, each as `send` would: a use case that queues two saves a round trip. */
  sendAll(jobs: QueuedJob[], options?: { sql?: SqlRunner }): Promise<void>;
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /** As `work`, with each fetched batch handed to `handler` at once. */
  workBatch<N extends JobName>(name: N, handler: BatchJobHandler<N>): Promise<void>;
  /** Runs a job on a cron schedule (one instance across all app instances). */
  schedule<N extends JobName>(name: N, cron: string, data: JobData[N]): Promise<void>;
  stop(): Promise<void>;
}

/** Jobs fetched per poll; each is still run, completed or retried on its own. */
const WORK_BATCH = 20;

/**
 * Queues whose batch is smaller, because their jobs run on the app's pool (10 connections) and
 * come by the hundred: every post queues its referral's alerts, and 20 alert jobs at once left
 * requests waiting for a connection and delayed the next post's notifications by seconds. Four at
 * a time take at most four connections and still keep up with posting. Locating addresses asks the
 * Census Geocoder, a public service: the patients queued at start-up after an upgrade are asked
 * four at a time too.
 */
const SMALLER_BATCHES: Partial<Record<JobName, number>> = { 'referral-alerts': 4, 'referral-alert': 4, 'locate-patient-home': 4 };

/**
 * How long a job may stay active before pg-boss takes it for lost (its worker died) and retries
 * it: a little over the longest a run can take, given the timeouts of what it calls (SMTP and
 * HTTP calls time out within 30 s, Stripe's within 20 s per try). A batch runs side by side, so
 * this holds for every job of it.
 */
const EXPIRY_SECONDS: Record<JobName, number> = {
  'send-mail': 60,
  'send-sms': 60,
  'signup-webhook': 60,
  'referral-alerts': 120,
  'referral-alert': 60,
  'expire-referral': 60,
  'visit-reminder': 60,
  'documentation-sweep': 600,
  'delivery-sweep': 600,
  'payment-charge': 120,
  'payment-payout': 120,
  'rating-prompts': 600,
  'care-clock-reminders': 600,
  'credential-expiry': 600,
  'nppes-check': 60,
  // The geocoder is given 10 s (geo/geocoder.ts).
  'locate-patient-home': 60,
  // The full list is some 15 MB, downloaded within 5 minutes (leie-source.ts), then written.
  'leie-import': 900,
  'leie-check': 1800,
};

/** How often pg-boss looks for jobs past their expiry (its default is every two minutes). */
const MAINTENANCE_SECONDS = 15;

export async function startJobQueue(options: {
  databaseUrl: string;
  retryDelaySeconds: number;
  retryLimit: number;
  onError: (error: Error) => void;
}): Promise<JobQueue> {
  // pg-boss runs its SQL on a pool of ours, which survives a connection the database ends (createPool).
  const pool = createPool(options.databaseUrl, { max: 4, applicationName: 'carerelay-jobs' });
  const boss = new PgBoss({
    db: preparedRunner(pool),
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', options.onError);
  await boss.start();
  const workers: Worker[] = [];

  // Every queue is made here, one after another, before anything is sent: pg-boss makes a queue's
  // partition with ALTER TABLE ... ATTACH PARTITION on the shared job table, and two of those at
  // once (or one beside another instance's job traffic) can deadlock. Creating a queue that exists
  // does nothing, so each start (and a second instance) repeats it cheaply; a deadlock is retried.
  for (const name of Object.keys(EXPIRY_SECONDS) as JobName[]) {
    // Failed deliveries wait retryDelay, then twice as long each time (retryBackoff), so an outage
    // of the SMTP server or a webhook is ridden out rather than lost.
    await retryOnDeadlock(() =>
      boss.createQueue(name, {
        name,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: EXPIRY_SECONDS[name],
      }),
    );
  }

  const insertJobs = async (jobs: QueuedJob[], sendOptions?: { sql?: SqlRunner }) => {
    if (jobs.length === 0) return;
    // insert() is given the queue's retries and expiry per job, as createQueue set them for send().
    const rows = jobs.map(({ name, data, startAfter }) => ({
      name,
      data,
      ...(startAfter ? { startAfter } : {}),
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: EXPIRY_SECONDS[name],
    }));
    await boss.insert(rows, sendOptions?.sql ? { db: sendOptions.sql as PgBoss.Db } : {});
  };

  const startBatches = (name: JobName, runBatch: RunBatch) => {
    workers.push(startWorker(boss, name, { batchSize: SMALLER_BATCHES[name] ?? WORK_BATCH, onError: options.onError, runBatch }));
  };

  return {
    boss,
    async send(name, data, sendOptions) {
      await boss.send(name, data, {
        ...(sendOptions?.sql ? { db: sendOptions.sql as PgBoss.Db } : {}),
        ...(sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
    },
    async sendMany(name, data, sendOptions) {
      await insertJobs(
        data.map((item) => ({ name, data: item }) as QueuedJob),
        sendOptions,
      );
    },
    async sendAll(jobs, sendOptions) {
      await insertJobs(jobs, sendOptions);
    },
    async work(name, handler) {
      // A batch per fetch (pg-boss would wait its polling interval after each single job, capping a
      // queue at two a second: 5,000 referral alerts would take 40 minutes), run side by side so
      // the batch takes as long as its slowest job and stays within the queue's expiry.
      startBatches(name, eachJob((job) => handler(job.data as JobData[typeof name], runOf(job))));
    },
    async workBatch(name, handler) {
      startBatches(name, (jobs) => handler(jobs.map((job) => ({ data: job.data as JobData[typeof name], run: runOf(job) }))));
    },
    async schedule(name, cron, data) {
      await boss.schedule(name, cron, data);
    },
    async stop() {
      // The jobs in hand may finish; one that does not within 5 s is retried after its expiry.
      await Promise.race([Promise.all(workers.map((worker) => worker.stop())), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      await pool.end();
    },
  };
}

const runOf = (job: PgBoss.JobWithMetadata<unknown>): JobRun => ({ jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });

const DEADLOCK = '40P01';

/** Runs `action` again (up to five times, a little later each time) when PostgreSQL chose it as a deadlock's victim. */
async function retryOnDeadlock(action: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await action();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 100 + Math.random() * 100));
    }
  }
}

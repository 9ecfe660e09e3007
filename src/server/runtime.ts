import type { Config } from './config';
import { buildApp, type App, type AppDeps } from './app';
import { createSignupWebhook } from './accounts/signup-webhook';
import type { JWK } from 'jose';
import { createAuth } from './auth/auth';
import { createBearerVerifier } from './auth/bearer';
import { connectDatabase, type Database } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateDatabase } from './db/migrate';
import { recordRunningDatabase } from './db/running-database';
import { sealLegacyPhiText } from './crypto/seal-legacy-phi';
import { printDemoSummary } from './demo/print-demo-summary';
import { seedDemoData } from './demo/seed-demo-data';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { recordLastFailure, recordLastFailures } from './delivery/record-last-failure';
import { startDeliverySweep } from './delivery/sweep';
import { createMailDelivery, deliverMailJobs } from './mail/deliver-mail';
import { createReferralAlertJob, createReferralAlertsJob } from './referrals/alert-job';
import { expireReferral } from './referrals/service';
import type { AttachmentStore } from './documentation/attachment-store';
import { moveAttachmentFilesToStore } from './documentation/move-attachment-files';
import { createAttachmentStore } from './documentation/select-attachment-store';
import { startDocumentationSweep } from './documentation/sweep';
import { startRatingPrompts } from './ratings/prompt-sweep';
import { startCareClockReminders } from './care-clocks/reminder-sweep';
import { registerPaymentJobs } from './payments/register-jobs';
import { registerPrimarySourceJobs } from './credentials/primary-source-jobs';
import { registerLocateHomeJob } from './patients/locate-home-job';
import { createPaymentProvider } from './payments/select-provider';
import { createVisitReminderJob } from './visits/reminder-job';
import { startCredentialExpiryJob } from './credentials/expiry-job';
import { startNotificationBroker } from './notifications/broker';
import { loadSecrets } from './secrets';
import { createSmsDelivery } from './sms/deliver-sms';
import { createTwilioProvider } from './sms/twilio';

export interface Runtime {
  app: App;
  database: Database;
  jobs: JobQueue;
  databaseUrl: string;
  attachmentStore: AttachmentStore;
  /** Stops everything this runtime started, in reverse order. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts the whole server: database (embedded when no DATABASE_URL), migrations, job queue with its
 * workers, and the HTTP app (not yet listening). Used by `main.ts` and by the tests alike, so the
 * tests run the same code path as production.
 */
export async function startRuntime(
  config: Config,
  options: { embeddedLog?: (line: string) => void; logStream?: AppDeps['logStream'] } = {},
): Promise<Runtime> {
  const cleanups: Array<() => Promise<void>> = [];
  let closing = false;
  const close = async () => {
    closing = true;
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedDbPort,
        onLog: options.embeddedLog,
      });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
      // Commands run meanwhile (create-manager, demo-data) use this database: a cluster runs once.
      cleanups.push(await recordRunningDatabase(config.dataDir, embedded.url));
    }
    const secrets = await loadSecrets(config);
    const database = connectDatabase(databaseUrl);
    cleanups.push(() => database.close());
    await migrateDatabase(database);
    await sealLegacyPhiText(database, secrets.phiKey);
    const jobs = await startJobQueue({
      databaseUrl,
      retryDelaySeconds: config.jobRetryDelaySeconds,
      retryLimit: config.jobRetryLimit,
      // While shutting down, the database going away under pg-boss is expected, not an error.
      onError: (error) => {
        if (!closing) app?.log.error({ err: error }, 'job queue error');
      },
    });
    cleanups.push(() => jobs.stop());

    const notifications = await startNotificationBroker({
      databaseUrl,
      onError: (error) => app?.log.error({ err: error }, 'notification listener error'),
    });
    cleanups.push(() => notifications.stop());

    const auth = createAuth({ config, secrets, database, jobs });
    const bearer = createBearerVerifier({
      loadKeys: async () => (await auth.api.getJwks()).keys as JWK[],
      issuer: config.publicUrl,
      audience: config.publicUrl,
    });
    // Chosen once: the routes, the jobs and the documentation sweep all move money through it.
    const payments = createPaymentProvider(config);
    // First start on the embedded database: a demo cast and their market in motion, played through
    // the use cases (which queue jobs), so there is something to see. Does nothing once any account
    // exists; never runs against a configured DATABASE_URL.
    if (!config.databaseUrl) {
      const demo = await seedDemoData({ database, jobs, secrets, noteDueHours: config.noteDueHours, config, payments });
      if (demo) printDemoSummary(demo, (line) => console.log(line));
    }
    // Chosen once too: every instance reads and writes attachments in the same shared place.
    const attachmentStore = createAttachmentStore(config, database);
    const app: App = await buildApp({ config, secrets, database, jobs, auth, bearer, notifications, payments, attachmentStore, logStream: options.logStream });
    cleanups.push(() => app.close());
    // Files an older version kept under this instance's DATA_DIR move into the store before it serves.
    await moveAttachmentFilesToStore({ database, store: attachmentStore, dataDir: config.dataDir, log: app.log });

    await startWorkers({ config, database, jobs, payments, phiKey: secrets.phiKey }, cleanups);

    return { app, database, jobs, databaseUrl, attachmentStore, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The job queue's workers: mail, texts, webhooks, referral alerts and expiry, the delivery sweep,
 * payments, the documentation sweep, visit reminders and locating patients' addresses. What needs
 * closing is added to `cleanups`.
 */
async function startWorkers(
  { config, database, jobs, payments, phiKey }: { config: Config; database: Database; jobs: JobQueue; payments: AppDeps['payments']; phiKey: string },
  cleanups: Array<() => Promise<void>>,
) {
  const mail = createMailDelivery({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  cleanups.push(async () => mail.close());
  // What was promised to someone is recorded as undelivered when its last retry fails (for managers to retry).
  // A fetched batch of mail jobs is read and recorded in bulk statements.
  await jobs.workBatch('send-mail', recordLastFailures(database, 'send-mail', deliverMailJobs(mail)));
  const sms = createSmsDelivery({ db: database.db, provider: config.twilio ? createTwilioProvider(config.twilio) : undefined });
  await jobs.work('send-sms', recordLastFailure(database, 'send-sms', ({ smsId }) => sms(smsId)));
  await jobs.work(
    'signup-webhook',
    recordLastFailure(
      database,
      'signup-webhook',
      createSignupWebhook({ agencyUrl: config.agencyWebhookUrl, therapistUrl: config.therapistWebhookUrl, publicUrl: config.publicUrl }),
    ),
  );

  await jobs.work('referral-alerts', recordLastFailure(database, 'referral-alerts', createReferralAlertsJob({ database, jobs, publicUrl: config.publicUrl })));
  await jobs.work('referral-alert', recordLastFailure(database, 'referral-alert', createReferralAlertJob({ database, jobs, publicUrl: config.publicUrl })));
  await startDeliverySweep({ database, jobs });
  await registerPaymentJobs({ database, jobs, payments });
  await jobs.work('expire-referral', async ({ referralId }) => {
    await expireReferral(database, referralId);
  });
  await startDocumentationSweep({ database, jobs, noteDueHours: config.noteDueHours, autoApproveDays: config.autoApproveDays, paymentProvider: payments.name });
  await jobs.work('visit-reminder', createVisitReminderJob({ database, jobs, publicUrl: config.publicUrl }));
  await startRatingPrompts({ database, jobs });
  await startCareClockReminders({ database, jobs, publicUrl: config.publicUrl });
  await registerPrimarySourceJobs({ config, database, jobs });
  await registerLocateHomeJob({ config, database, jobs, phiKey });
  await startCredentialExpiryJob({ database, jobs, publicUrl: config.publicUrl, requiredCredentials: config.trust.requiredCredentials });
}

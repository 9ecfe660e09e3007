import { loadConfigOrExit } from '../config';
import { openDatabaseForCommand } from '../db/open-for-command';
import { startJobQueue } from '../jobs/queue';
import { createPaymentProvider } from '../payments/select-provider';
import { loadSecrets } from '../secrets';
import { printDemoSummary } from './print-demo-summary';
import { resetDemoData } from './reset-demo-data';

/**
 * `npm run demo-data`: resets the demo in the configured database (DATABASE_URL, or the embedded
 * one under DATA_DIR — the running server's, when it is up): the demo people and their market are
 * removed and made afresh, relative to now; everyone else's data stays. The server seeds the same
 * demo on its first start with the embedded database.
 */
async function main() {
  const config = loadConfigOrExit();
  const { database, databaseUrl, close } = await openDatabaseForCommand(config);
  const cleanups: Array<() => Promise<void>> = [close];
  try {
    // The market's use cases queue their mail, alerts and payments; the server's workers deliver them.
    const jobs = await startJobQueue({ databaseUrl, retryDelaySeconds: config.jobRetryDelaySeconds, retryLimit: config.jobRetryLimit, onError: () => {} });
    cleanups.unshift(() => jobs.stop());
    const deps = { database, jobs, secrets: await loadSecrets(config), noteDueHours: config.noteDueHours, config, payments: createPaymentProvider(config) };
    printDemoSummary(await resetDemoData(deps), (line) => console.log(line));
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Demo data failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

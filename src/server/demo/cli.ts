import { loadConfigOrExit } from '../config';
import { openDatabaseForCommand } from '../db/open-for-command';
import { printDemoSummary } from './print-demo-summary';
import { seedDemoData } from './seed-demo-data';

/**
 * `npm run demo-data`: fills the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR) with the demo cast, unless it already holds accounts. The server does the same on its
 * first start with the embedded database; this command is for an external database, or to see the
 * list of demo people again.
 */
async function main() {
  const config = loadConfigOrExit();

  const { database, close } = await openDatabaseForCommand(config);
  try {
    const summary = await seedDemoData(database.db);
    if (summary) printDemoSummary(summary, (line) => console.log(line));
    else console.log('Demo data already present: the database has accounts, so nothing was added.');
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error('Demo data failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

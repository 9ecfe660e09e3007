import { ConfigError, loadConfig, type Config } from '../config';
import { connectDatabase } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { migrateDatabase } from '../db/migrate';
import { printDemoSummary } from './print-demo-summary';
import { seedDemoData } from './seed-demo-data';

/**
 * `npm run demo-data`: fills the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR) with the demo cast, unless it already holds accounts. The server does the same on its
 * first start with the embedded database; this command is for an external database, or to see the
 * list of demo people again.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) console.error(line);
      process.exit(1);
    }
    throw error;
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedDbPort }).catch(
      (error: unknown) => {
        // The usual cause: the server is running and holds the embedded database. It seeds an empty
        // database itself on start, so there is nothing for this command to do while it runs.
        throw new Error(
          `could not start the embedded database in ${config.dataDir}/postgres (is CareRelay already running? ` +
            `Stop it first, or set DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl, { max: 2 });
  try {
    await migrateDatabase(database);
    const summary = await seedDemoData(database.db);
    if (summary) printDemoSummary(summary, (line) => console.log(line));
    else console.log('Demo data already present: the database has accounts, so nothing was added.');
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error('Demo data failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

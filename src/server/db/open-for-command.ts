import type { Config } from '../config';
import { connectDatabase, type Database } from './client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { migrateDatabase } from './migrate';

/**
 * For command-line tools: the configured database (DATABASE_URL), or else the embedded one under
 * DATA_DIR, migrated and ready. `close()` releases both.
 */
export async function openDatabaseForCommand(config: Config): Promise<{ database: Database; databaseUrl: string; close(): Promise<void> }> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedDbPort }).catch((error: unknown) => {
      // The usual cause: a running server holds the embedded database.
      throw new Error(
        `could not start the embedded database in ${config.dataDir}/postgres (is CareRelay already running? ` +
          `Stop it first, or set DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl, { max: 2 });
  const close = async () => {
    await database.close().catch(() => {});
    await embedded?.stop();
  };
  try {
    await migrateDatabase(database);
  } catch (error) {
    await close();
    throw error;
  }
  return { database, databaseUrl, close };
}

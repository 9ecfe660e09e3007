import type { Config } from '../config';
import { connectDatabase, type Database } from './client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { migrateDatabase } from './migrate';
import { findRunningDatabase } from './running-database';

/**
 * For command-line tools: the configured database (DATABASE_URL), or else the embedded one under
 * DATA_DIR — the running server's when it is up (running-database.ts), else started here — migrated
 * and ready. `close()` releases what was opened here (never the server's database).
 */
export async function openDatabaseForCommand(config: Config): Promise<{ database: Database; databaseUrl: string; close(): Promise<void> }> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl ?? (await findRunningDatabase(config.dataDir)) ?? undefined;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedDbPort }).catch((error: unknown) => {
      // A running server records its database for commands; one that did not answer (still
      // starting, or another program on the port) leaves the cluster held.
      throw new Error(
        `could not start the embedded database in ${config.dataDir}/postgres (if CareRelay is starting, try again ` +
          `once it is running, or set DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
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

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { locateUnlocatedTherapists } from '../geo/therapist-locations';
import type { Database } from './client';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const MIGRATION_LOCK = 7_231_004;

/**
 * Applies the committed SQL migrations in `drizzle/`, then fills in what SQL cannot compute (the
 * therapists' ZIP centroids, from a package). Several instances may start at once on one database,
 * so they take turns behind an advisory lock.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const lock = await database.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(database.db, { migrationsFolder });
    await locateUnlocatedTherapists(database.db);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

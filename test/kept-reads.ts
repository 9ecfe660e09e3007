import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/server/db/client';
import { startTestApp, type TestApp } from './app';

/**
 * Two API instances on one database, as behind a load balancer, for the reads each instance keeps
 * until a change is announced (src/server/dashboards/tenant-reads.ts). Call at a file's top level.
 */
export function twoInstances(): { first: () => TestApp; second: () => TestApp } {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({ DATABASE_URL: first.runtime.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  return { first: () => first, second: () => second };
}

/** Notices arrive a moment after the commit: poll briefly, far less than the 10 seconds a read is otherwise kept. */
export const soon = { timeout: 3000, interval: 50 };

/** A write no trigger sees, so nobody is told of it (session_replication_role = replica). */
export async function unannounced(db: Db, write: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(write));
  });
}

import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

/** Notices arrive a moment after the commit: poll briefly, far less than the 10 seconds a read is otherwise kept. */
export const soon = { timeout: 3000, interval: 50 };

/** A write no trigger sees, so nobody is told of it (session_replication_role = replica). */
export async function unannounced(db: Db, write: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(write));
  });
}

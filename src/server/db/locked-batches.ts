import { inTransaction, type Database, type Db } from './client';

/**
 * Works through rows in short transactions of at most `size`, until a batch comes back short.
 * `claim` must select with `FOR UPDATE SKIP LOCKED` and only rows that still need the work, and
 * `handle` must make each row stop matching: then instances running it at once share the rows,
 * and running it again finds nothing to do. Returns how many rows were handled.
 */
export async function runInLockedBatches<Row>(
  database: Database,
  size: number,
  claim: (tx: Db, limit: number) => Promise<Row[]>,
  handle: (tx: Db, row: Row) => Promise<void>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await inTransaction(database, async ({ tx }) => {
      const rows = await claim(tx, size);
      for (const row of rows) await handle(tx, row);
      return rows.length;
    });
    total += handled;
    if (handled < size) return total;
  }
}

import type { Pool, PoolClient } from 'pg';

/** Resolves once `client`'s backend is waiting for a lock, as another connection of `pool` sees it. */
export async function waitUntilBlocked(pool: Pool, client: PoolClient): Promise<void> {
  // pg sets processID from the server's BackendKeyData; its types do not declare it.
  const pid = (client as PoolClient & { processID: number }).processID;
  for (let i = 0; i < 200; i++) {
    const { rows } = await pool.query<{ wait_event_type: string | null }>(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
    if (rows[0]?.wait_event_type === 'Lock') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the statement never waited for the lock');
}

import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

/** Where a connection to this URL ends up: null for a Unix socket, the server's address for TCP. */
async function serverAddressOf(connectionString: string): Promise<string | null> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ address: string | null }>('select host(inet_server_addr()) as address');
    return rows[0]!.address;
  } finally {
    await client.end();
  }
}

// The run's own embedded cluster (startEmbeddedPostgres); a run against another server has its own URL.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded PostgreSQL', () => {
  it('is reached over its Unix socket, and still over TCP at the address its URL names', async () => {
    const url = new URL(inject('databaseAdminUrl'));
    expect(url.searchParams.get('host')).toMatch(/^\//);
    expect(await serverAddressOf(url.toString())).toBeNull();

    url.searchParams.delete('host');
    expect(await serverAddressOf(url.toString())).toBe('127.0.0.1');
  });

  it("compares text by code point with PostgreSQL's builtin provider, in every database made from it", async () => {
    const client = new pg.Client({ connectionString: inject('databaseAdminUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string; datlocprovider: string; datlocale: string }>(
        `select datname, datlocprovider, datlocale from pg_database where datname in ('template1', current_database()) order by datname`,
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toMatchObject({ datlocprovider: 'b', datlocale: 'C.UTF-8' });
      // Code-point order (capitals first, accents after z), and case mapping beyond ASCII.
      const sorted = await client.query<{ sorted: string[]; upper: string }>(
        `select array(select x from unnest(array['b', 'é', 'B', 'a', 'z']) x order by x) as sorted, upper('josé') as upper`,
      );
      expect(sorted.rows[0]).toEqual({ sorted: ['B', 'a', 'b', 'z', 'é'], upper: 'JOSÉ' });
    } finally {
      await client.end();
    }
  });
});

import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Where a running server tells commands (`npm run create-manager`, `npm run demo-data`) about the
 * embedded PostgreSQL it started: only one process can run a cluster on its folder, so a command
 * started meanwhile connects to the server's instead of starting its own. The file holds the
 * connection URL, so only its owner may read it; a clean stop removes it, and one left by a crash
 * is ignored when nothing answers at its address.
 */
const FILE_NAME = 'embedded-database.json';

const fileIn = (dataDir: string) => path.join(dataDir, FILE_NAME);

/** Records the running server's embedded database; returns what removes the record again. */
export async function recordRunningDatabase(dataDir: string, url: string): Promise<() => Promise<void>> {
  const file = fileIn(dataDir);
  await writeFile(file, `${JSON.stringify({ url, pid: process.pid })}\n`, { mode: 0o600 });
  // A file left by a crash keeps the mode it was made with: set it again.
  await chmod(file, 0o600);
  return () => rm(file, { force: true });
}

/** The URL of the running server's embedded database under `dataDir`, when one is recorded and answers. */
export async function findRunningDatabase(dataDir: string): Promise<string | null> {
  let url: unknown;
  try {
    ({ url } = JSON.parse(await readFile(fileIn(dataDir), 'utf8')) as { url?: unknown });
  } catch {
    return null;
  }
  if (typeof url !== 'string') return null;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // A refused connection may also be reported as an 'error' event; the failed connect() is the answer.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

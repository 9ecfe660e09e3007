import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL allowed to create databases; each test file makes its own. */
    databaseAdminUrl: string;
  }
}

/**
 * One PostgreSQL server per test run: the one at TEST_DATABASE_URL (CI runs the suite a second time
 * against Debian's PostgreSQL that way), or else an embedded one in a temporary folder.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('databaseAdminUrl', external);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-test-'));
  // PostgreSQL runs as its own system user when we are root; it must be able to reach its folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  project.provide('databaseAdminUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

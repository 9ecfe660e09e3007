import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/ports';
import { loadConfig, type Config } from '../config';
import { startRuntime, type Runtime } from '../runtime';
import { managerProfiles, referrals } from './schema/index';
import { openDatabaseForCommand } from './open-for-command';

/**
 * The server on its own embedded PostgreSQL (no DATABASE_URL), as `npm start` runs it, and the
 * commands an operator runs next to it, against the same DATA_DIR.
 */
let dataDir: string;
let env: Record<string, string>;
let config: Config;
let runtime: Runtime | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-running-'));
  // PostgreSQL runs as its own system user when we are root; it must be able to reach its folder.
  await chmod(dataDir, 0o755);
  env = { NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(await freePort()), PORT: String(await freePort()), LOG_LEVEL: 'silent' };
  config = loadConfig(env);
  runtime = await startRuntime(config);
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const recordFile = () => path.join(dataDir, 'embedded-database.json');

/** Runs a command as npm would, with the server's DATA_DIR and nothing else configured. */
function run(script: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.resolve('node_modules/.bin/tsx'),
      [script, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('commands while the server runs on its embedded database', () => {
  it('the server records its database for commands, readable by its owner only', async () => {
    expect((await stat(recordFile())).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(recordFile(), 'utf8'))).toMatchObject({ url: runtime!.databaseUrl });
  });

  it('npm run create-manager adds a manager to the running database', async () => {
    const result = await run('src/server/cli/create-manager.ts', ['--email', 'ops@example.test', '--first-name', 'Ops', '--last-name', 'Person', '--phone', '555-010-0199']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Manager created: Ops Person <ops@example.test>');
    expect(await runtime!.database.db.$count(managerProfiles, eq(managerProfiles.email, 'ops@example.test'))).toBe(1);
  }, 90_000);

  it('npm run demo-data resets the demo in the running database', async () => {
    const demoReferrals = () => runtime!.database.db.$count(referrals, like(referrals.agencyId, 'demo-%'));
    const before = await demoReferrals();
    expect(before).toBeGreaterThan(0);
    const result = await run('src/server/demo/cli.ts');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Demo data created: 4 agencies, 12 therapists, 1 manager');
    expect(await demoReferrals()).toBe(before);
    // The operator's own manager is not demo data.
    expect(await runtime!.database.db.$count(managerProfiles, eq(managerProfiles.email, 'ops@example.test'))).toBe(1);
  }, 90_000);

  it('after a clean stop the record is gone, and a command starts the database itself, even past a stale record', async () => {
    await runtime!.close();
    runtime = undefined;
    expect(existsSync(recordFile())).toBe(false);

    // What a crashed server leaves: a record of a database that no longer answers.
    await writeFile(recordFile(), JSON.stringify({ url: `postgres://postgres:x@127.0.0.1:${await freePort()}/carerelay` }), { mode: 0o600 });
    const opened = await openDatabaseForCommand(config);
    try {
      expect(await opened.database.db.$count(managerProfiles, eq(managerProfiles.email, 'ops@example.test'))).toBe(1);
    } finally {
      await opened.close();
    }
  }, 90_000);
});

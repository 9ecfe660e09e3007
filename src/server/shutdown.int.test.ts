import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the server on its embedded defaults', () => {
  it('starts its own PostgreSQL with no DATABASE_URL and stops it cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-main-'));
    dirs.push(dataDir);
    await chmod(dataDir, 0o755);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_DB_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(200);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(true);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    // The server stops PostgreSQL itself, last: nothing cut its connections while it was draining.
    expect(output).not.toMatch(/terminating connection due to administrator command|"level":50/);
    // PostgreSQL removes its pid file when it has shut down.
    expect(existsSync(pidFile)).toBe(false);
  }, 60_000);
});

describe('a process that loads the embedded PostgreSQL module', () => {
  const run = async (code: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--eval', `await import('./src/server/db/embedded.ts'); ${code}`], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { exitCode, errors };
  };

  it('keeps its own exit code: a failed test run or command does not end with 0, a good one does', async () => {
    expect(await run('process.exitCode = 3;')).toEqual({ exitCode: 3, errors: '' });
    expect(await run('')).toEqual({ exitCode: 0, errors: '' });
  }, 30_000);
});

import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe('server start-up', () => {
  it('stops with one line naming a malformed variable', async () => {
    const result = await runMain({ PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a whole number between 0 and 65535 (got "abc")');
  });

  it('stops in production when a required variable is missing, naming it', async () => {
    const result = await runMain({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://app.carerelay.com',
      SMTP_URL: 'smtp://localhost:2525',
      MAIL_FROM: 'no-reply@carerelay.com',
      TEAM_EMAIL: 'team@carerelay.com',
      DEMO_SCHEDULING_URL: 'https://cal.example.com/carerelay',
      APP_SECRET: 'y'.repeat(40),
      PHI_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration error: DATABASE_URL is required in production (a postgres:// connection string)',
    );
  });
});

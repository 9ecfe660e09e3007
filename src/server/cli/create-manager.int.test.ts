import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signupMessages } from '../../domain/signup';
import { connectDatabase, type Database } from '../db/client';
import { account, auditLog, mailMessages, managerProfiles, user, useraccounts, verification } from '../db/schema/index';

let testDatabase: TestDatabase;
let dataDir: string;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-cli-'));
  database = connectDatabase(testDatabase.url, { max: 2 });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run create-manager -- ...` would, against the test database, without SMTP. */
function run(args: string[], options: { viaNpm?: boolean; env?: Record<string, string> } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: testDatabase.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.SMTP_URL;
  delete env.PUBLIC_URL;
  delete env.AGENCY_WEBHOOK_URL;
  Object.assign(env, options.env);
  const [file, fileArgs] = options.viaNpm
    ? ['npm', ['run', '--silent', 'create-manager', '--', ...args]]
    : [path.resolve('node_modules/.bin/tsx'), ['src/server/cli/create-manager.ts', ...args]];
  return new Promise((resolve) => {
    execFile(file, fileArgs, { env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const ada = ['--email', 'Ada@Example.test', '--first-name', 'Ada', '--last-name', 'Lovelace', '--phone', '555-010-0100'];

describe('npm run create-manager', () => {
  it('migrates an empty database and creates the first manager, mailing a set-password link to the dev mailbox', async () => {
    const result = await run(ada, { viaNpm: true });
    expect(result.stderr).not.toContain('Could not');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Manager created: Ada Lovelace <ada@example.test>');
    expect(result.stdout).toContain('No SMTP_URL is set, so the set-password link is in the development mailbox: http://localhost:3000/dev/mailbox');

    const { db } = database;
    const [identity] = await db.select().from(user).where(eq(user.email, 'ada@example.test'));
    expect(identity).toMatchObject({ name: 'Ada Lovelace' });
    const id = identity!.id;
    expect(await db.$count(account, eq(account.userId, id))).toBe(0);
    const [row] = await db.select().from(useraccounts).where(eq(useraccounts.userId, id));
    expect(row).toMatchObject({ userType: 'manager', status: 'approved', reviewedBy: null });
    const [profile] = await db.select().from(managerProfiles).where(eq(managerProfiles.id, id));
    expect(profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '555-010-0100', role: 'admin', permissions: [], status: 'approved' });
    expect(await db.$count(verification, and(like(verification.identifier, 'reset-password:%'), eq(verification.value, id)))).toBe(1);

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'manager.invited'));
    expect(audit).toMatchObject({ actorUserId: null, entityType: 'user', entityId: id, outcome: 'success', details: { via: 'cli' } });

    // Delivered by the command itself: without SMTP, kept for the development mailbox.
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'ada@example.test'));
    expect(mail).toMatchObject({ subject: 'You are invited to manage CareRelay', status: 'stored' });
    expect(mail!.textBody).toMatch(/http:\/\/localhost:3000\/reset-password\?token=\S+/);
  });

  it('refuses an email that already has an account, with the seed message, and exits 1', async () => {
    const result = await run(['--email', 'ADA@example.test', '--first-name', 'Another', '--last-name', 'Ada', '--phone', '555-010-0101']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Could not create the manager: ${signupMessages.emailTaken}`);
    expect(await database.db.$count(managerProfiles)).toBe(1);
  });

  it('names each missing or bad argument, shows the usage and exits 1 without touching the database', async () => {
    const missing = await run(['--email', 'not-an-email', '--first-name', 'Grace']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--email: Please enter a valid email address');
    expect(missing.stderr).toContain('--last-name: Last name is required');
    expect(missing.stderr).toContain('--phone: Phone is required');
    expect(missing.stderr).toContain('Usage: npm run create-manager --');

    const unknown = await run([...ada, '--role', 'owner']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--role'");
    expect(await database.db.$count(user)).toBe(1);
  });

  it('stops with the configuration problem when the environment is wrong', async () => {
    const result = await run(ada, { env: { DATABASE_URL: 'mysql://nope' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Configuration error: DATABASE_URL must be a postgres:// connection string');
    // The URL may hold a password, so it is never echoed.
    expect(result.stderr).not.toContain('mysql://nope');
  });
});

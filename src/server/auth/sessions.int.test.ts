import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist, signIn } from '../../../test/factories';
import { authMessages } from '../../domain/auth';
import { auditLog, session, verification } from '../db/schema/index';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';
import { BACKGROUND_HEADER } from './session';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const me = (cookie: string, headers: Record<string, string> = {}) => fetch(`${app.url}/api/me`, { headers: { cookie, ...headers } });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url, ...headers }, body: JSON.stringify(body) });

async function sessionRow(cookie: string) {
  const token = decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
  const [row] = await db().select().from(session).where(eq(session.token, token));
  return row!;
}

describe('sessions', () => {
  it('answers 401 in the error format without a session', async () => {
    const response = await fetch(`${app.url}/api/me`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' } });
  });

  it('records sign-in failures and successes in the audit log', async () => {
    const t = await buildTherapist(db());
    const wrong = await post('/api/auth/sign-in/email', { email: t.email, password: 'not-the-password' });
    expect(await wrong.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: authMessages.invalidCredentials } });
    await signIn(app.url, t);
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in')).orderBy(desc(auditLog.id));
    expect(rows[0]).toMatchObject({ actorUserId: t.userId, outcome: 'success' });
    expect(rows[0]?.ipAddress).toMatch(/^203\.0\./);
    expect(rows[1]).toMatchObject({ actorUserId: null, outcome: 'failure', details: { email: t.email } });
  });

  it('ends the session on the server at sign-out', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(app.url, t);
    expect((await me(cookie)).status).toBe(200);
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it('is refreshed by activity but not by background polling', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(app.url, t);
    const row = await sessionRow(cookie);
    // Pretend the last refresh was 10 minutes ago: 20 minutes of idle time are left.
    const soon = new Date(Date.now() + 20 * 60 * 1000);
    await db().update(session).set({ expiresAt: soon }).where(eq(session.id, row.id));

    expect((await me(cookie, { [BACKGROUND_HEADER]: '1' })).status).toBe(200);
    expect((await sessionRow(cookie)).expiresAt.getTime()).toBe(soon.getTime());

    expect((await me(cookie)).status).toBe(200);
    expect((await sessionRow(cookie)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60 * 1000);
  });

  it('expires after 30 idle minutes', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(app.url, t);
    const row = await sessionRow(cookie);
    await db().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.id, row.id));
    expect((await me(cookie)).status).toBe(401);
  });

  it('ends after 12 hours however active the user is', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(app.url, t);
    const row = await sessionRow(cookie);
    await db().update(session).set({ createdAt: new Date(Date.now() - 12 * 60 * 60 * 1000 - 1000) }).where(eq(session.id, row.id));
    expect((await me(cookie)).status).toBe(401);
    expect(await db().$count(session, eq(session.id, row.id))).toBe(0);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email has an account', async () => {
    const t = await buildTherapist(db());
    const known = await post('/api/auth/request-password-reset', { email: t.email, redirectTo: '/reset-password' });
    const unknown = await post('/api/auth/request-password-reset', { email: 'nobody@nowhere.test', redirectTo: '/reset-password' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it('rejects common passwords, sets a new one, and ends every other session', async () => {
    const t = await buildTherapist(db());
    const otherDevice = await signIn(app.url, t);
    await post('/api/auth/request-password-reset', { email: t.email, redirectTo: '/reset-password' });
    const [row] = await db()
      .select()
      .from(verification)
      .where(and(eq(verification.value, t.userId)))
      .orderBy(desc(verification.createdAt));
    const token = row!.identifier.replace('reset-password:', '');

    expect(await (await post('/api/accounts/reset-token/check', { token })).json()).toEqual({ valid: true });
    const common = await post('/api/auth/reset-password', { token, newPassword: 'password123' });
    expect(await common.json()).toEqual({
      error: { code: 'VALIDATION', message: COMMON_PASSWORD_MESSAGE, fields: { newPassword: COMMON_PASSWORD_MESSAGE } },
    });
    expect((await post('/api/auth/reset-password', { token, newPassword: 'Gait-Belt-Transfer-9' })).status).toBe(200);
    expect(await (await post('/api/accounts/reset-token/check', { token })).json()).toEqual({ valid: false });

    expect((await me(otherDevice)).status).toBe(401);
    await signIn(app.url, { email: t.email, password: 'Gait-Belt-Transfer-9' });
  });

  it('refuses an expired link', async () => {
    const t = await buildTherapist(db());
    await post('/api/auth/request-password-reset', { email: t.email, redirectTo: '/reset-password' });
    const [row] = await db().select().from(verification).where(eq(verification.value, t.userId));
    await db().update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.id, row!.id));
    const token = row!.identifier.replace('reset-password:', '');
    expect(await (await post('/api/accounts/reset-token/check', { token })).json()).toEqual({ valid: false });
    const response = await post('/api/auth/reset-password', { token, newPassword: 'Gait-Belt-Transfer-9' });
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid reset link. Please request a new password reset.',
    );
  });
});

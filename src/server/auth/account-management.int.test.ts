import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist, clientAddress, DEFAULT_PASSWORD, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { enrolVerifiedTotp } from '../../../test/mfa';
import { session, user } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const me = (cookie: string) => callApi(app.url, 'GET', '/api/me', { cookie });

/** A therapist with a verified authenticator app, their aal2 session and a password-only one. */
async function userWithFactor() {
  const person = await buildTherapist(db());
  const aal2 = await signIn(app.url, person);
  await enrolVerifiedTotp(app.url, aal2);
  const aal1 = await signIn(app.url, person);
  return { person, aal2, aal1 };
}

const sessionTokens = async (userId: string) => (await db().select({ token: session.token }).from(session).where(eq(session.userId, userId))).map((s) => s.token);

describe('better-auth’s account endpoints', () => {
  it('refuse a password-only session of a user with a second factor, and change nothing', async () => {
    const { person, aal2, aal1 } = await userWithFactor();
    const [row] = await db().select().from(user).where(eq(user.id, person.userId));
    const sessionsBefore = (await sessionTokens(person.userId)).sort();

    const attempts: Array<[string, string, unknown?]> = [
      ['POST', '/api/auth/change-password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'Taken-Over-2026', revokeOtherSessions: true }],
      ['POST', '/api/auth/update-user', { name: 'Mallory' }],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/revoke-other-sessions', {}],
      ['POST', '/api/auth/revoke-session', { token: sessionsBefore[0] }],
      ['POST', '/api/auth/change-email', { newEmail: 'mallory@example.test' }],
      ['POST', '/api/auth/delete-user', {}],
      ['POST', '/api/auth/verify-password', { password: DEFAULT_PASSWORD }],
      ['POST', '/api/auth/update-session', {}],
      ['GET', '/api/auth/list-accounts'],
      ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
      ['GET', '/api/auth/account-info'],
      // Variants of a path never slip past the check.
      ['POST', '/api/auth/change-password/', { currentPassword: DEFAULT_PASSWORD, newPassword: 'Taken-Over-2026' }],
      ['POST', '/api/auth//update-user', { name: 'Mallory' }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await callApi(app.url, method, path, { cookie: aal1, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(response)).code, `${method} ${path}`).toBe('MFA_REQUIRED');
    }

    const [after] = await db().select().from(user).where(eq(user.id, person.userId));
    expect(after).toEqual(row);
    expect((await sessionTokens(person.userId)).sort()).toEqual(sessionsBefore);
    expect((await me(aal2)).status).toBe(200);
    expect((await me(aal1)).status).toBe(200);
    await signIn(app.url, person);
  });

  it('let a password-only session sign out', async () => {
    const { aal1 } = await userWithFactor();
    expect((await callApi(app.url, 'POST', '/api/auth/sign-out', { cookie: aal1, body: {} })).status).toBe(200);
    expect((await me(aal1)).status).toBe(401);
  });

  it('list sessions at aal2 without any session’s token', async () => {
    const { person, aal2 } = await userWithFactor();
    const response = await callApi(app.url, 'GET', '/api/auth/list-sessions', { cookie: aal2 });
    expect(response.status).toBe(200);
    const text = await response.text();
    const listed = JSON.parse(text) as Array<Record<string, unknown>>;
    expect(listed.length).toBe(2);
    for (const item of listed) expect(item).not.toHaveProperty('token');
    for (const token of await sessionTokens(person.userId)) expect(text).not.toContain(token);
  });

  it('never put the session token in a body: sign-in and get-session', async () => {
    const person = await buildTherapist(db());
    const signedIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress() },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const signInBody = (await signedIn.json()) as { user?: { email: string } };
    expect(signInBody.user?.email).toBe(person.email);
    expect(signInBody).not.toHaveProperty('token');

    const current = await callApi(app.url, 'GET', '/api/auth/get-session', { cookie });
    const text = await current.text();
    expect((JSON.parse(text) as { user: { email: string } }).user.email).toBe(person.email);
    for (const token of await sessionTokens(person.userId)) expect(text).not.toContain(token);
  });

  it('stay open to a user without a factor (their password session is all they have)', async () => {
    const person = await buildTherapist(db());
    const cookie = await signIn(app.url, person);
    const listed = await callApi(app.url, 'GET', '/api/auth/list-sessions', { cookie });
    expect(listed.status).toBe(200);
  });
});

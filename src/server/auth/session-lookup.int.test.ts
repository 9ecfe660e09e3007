import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, clientAddress, DEFAULT_PASSWORD, elevateSession, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { mfaFactors, session, useraccounts } from '../db/schema/index';

/**
 * The session lookup of every request (session.ts) reads the database each time, so whatever ends
 * or changes a session counts from the very next request — also on another instance of the API
 * sharing the database (here: two instances with the same APP_SECRET, as behind a load balancer).
 */
let a: TestApp;
let b: TestApp;
const APP_SECRET = randomBytes(32).toString('base64url');
beforeAll(async () => {
  a = await startTestApp({ APP_SECRET });
  b = await startTestApp({ APP_SECRET, DATABASE_URL: a.runtime.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const db = () => a.runtime.database.db;
const tokenOf = (cookie: string) => decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

interface Me {
  account: { userType: string; status: string } | null;
  aal: string;
  nextLevel: string;
}

async function me(app: TestApp, cookie: string): Promise<{ status: number; body: Me | null }> {
  const response = await callApi(app.url, 'GET', '/api/me', { cookie });
  return { status: response.status, body: response.ok ? ((await response.json()) as Me) : null };
}

async function signInWith(app: TestApp, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('sessions across API instances', () => {
  it('a session signed in on one instance works on the other, and sign-out on one ends it on both at once', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(a.url, t);
    expect((await me(b, cookie)).status).toBe(200);
    expect((await callApi(a.url, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(401);
    expect((await me(a, cookie)).status).toBe(401);
  });

  it('revoking the other sessions, or changing the password, ends them on every instance on the next request', async () => {
    const t = await buildTherapist(db());
    const keep = await signIn(a.url, t);
    const other = await signIn(a.url, t);
    expect((await me(a, other)).status).toBe(200);
    expect((await callApi(b.url, 'POST', '/api/auth/revoke-other-sessions', { cookie: keep, body: {} })).status).toBe(200);
    expect((await me(a, other)).status).toBe(401);
    expect((await me(a, keep)).status).toBe(200);

    const third = await signIn(b.url, t);
    expect((await me(a, third)).status).toBe(200);
    const changed = await callApi(a.url, 'POST', '/api/auth/change-password', {
      cookie: keep,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Transfer-Belt-Gait-7', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await me(b, third)).status).toBe(401);
  });

  it('account approval, second factors and the session level count from the next request on another instance', async () => {
    const agency = await buildAgency(db());
    const cookie = await signIn(a.url, agency);
    const dashboard = () => callApi(b.url, 'GET', '/api/dashboard/agency', { cookie });
    expect((await me(b, cookie)).body).toMatchObject({ account: { userType: 'agency', status: 'approved' }, aal: 'aal1', nextLevel: 'aal1' });
    expect((await dashboard()).status).toBe(200);

    // Written through the other instance's connection: the same as any instance (or job) writing it.
    await db().update(useraccounts).set({ status: 'rejected' }).where(eq(useraccounts.userId, agency.userId));
    expect((await me(b, cookie)).body?.account?.status).toBe('rejected');
    expect((await errorOf(await dashboard())).code).toBe('FORBIDDEN');
    await db().update(useraccounts).set({ status: 'approved' }).where(eq(useraccounts.userId, agency.userId));

    // A verified factor: this aal1 session must pass it before anything else.
    const [factor] = await db()
      .insert(mfaFactors)
      .values({ userId: agency.userId, factorType: 'totp', friendlyName: 'Phone app', status: 'verified', verifiedAt: new Date() })
      .returning();
    expect((await me(b, cookie)).body).toMatchObject({ aal: 'aal1', nextLevel: 'aal2' });
    expect((await errorOf(await dashboard())).code).toBe('MFA_REQUIRED');

    await elevateSession(db(), cookie);
    expect((await me(b, cookie)).body).toMatchObject({ aal: 'aal2', nextLevel: 'aal2' });
    expect((await dashboard()).status).toBe(200);

    await db().delete(mfaFactors).where(eq(mfaFactors.id, factor!.id));
    expect((await me(b, cookie)).body).toMatchObject({ nextLevel: 'aal1' });
  });
});

describe('the session cookie', () => {
  it('is refused when its signature is not this app’s', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(a.url, t);
    const token = tokenOf(cookie);
    const signedWith = (secret: string, value = token) =>
      `carerelay.session_token=${encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`)}`;
    expect((await me(a, signedWith(APP_SECRET))).status).toBe(200);
    expect((await me(a, signedWith(randomBytes(32).toString('base64url')))).status).toBe(401);
    // Another user's valid token under this session's signature.
    const otherToken = tokenOf(await signIn(a.url, await buildTherapist(db())));
    const signature = decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[1]!;
    expect((await me(a, `carerelay.session_token=${encodeURIComponent(`${otherToken}.${signature}`)}`)).status).toBe(401);
    expect((await me(a, `carerelay.session_token=${token}`)).status).toBe(401);
  });

  it('an expired session is refused and removed', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(a.url, t);
    await db().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, tokenOf(cookie)));
    expect((await me(b, cookie)).status).toBe(401);
    expect(await db().$count(session, eq(session.token, tokenOf(cookie)))).toBe(0);
  });

  it('a session signed in without "remember me" is not extended by activity', async () => {
    const t = await buildTherapist(db());
    const remembered = await signInWith(a, { email: t.email, password: t.password });
    const forgotten = await signInWith(a, { email: t.email, password: t.password, rememberMe: false });
    const soon = new Date(Date.now() + 20 * 60 * 1000);
    for (const cookie of [remembered, forgotten]) await db().update(session).set({ expiresAt: soon }).where(eq(session.token, tokenOf(cookie)));

    expect((await me(a, forgotten)).status).toBe(200);
    expect((await me(a, remembered)).status).toBe(200);
    const expiry = async (cookie: string) => (await db().select().from(session).where(eq(session.token, tokenOf(cookie))))[0]!.expiresAt.getTime();
    expect(await expiry(forgotten)).toBe(soon.getTime());
    expect(await expiry(remembered)).toBeGreaterThan(Date.now() + 29 * 60 * 1000);
  });
});

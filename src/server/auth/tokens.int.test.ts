import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, elevateSession, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { jwks, session, verification } from '../db/schema/index';

let app: TestApp;
let token: string;
let agency: Awaited<ReturnType<typeof buildAgency>>;

beforeAll(async () => {
  app = await startTestApp();
  agency = await buildAgency(app.runtime.database.db);
  const cookie = await signIn(app.url, agency);
  const response = await fetch(`${app.url}/api/auth/token`, { headers: { cookie } });
  token = ((await response.json()) as { token: string }).token;
});
afterAll(() => app.close());

const me = (authorization: string) => fetch(`${app.url}/api/me`, { headers: { authorization } });
const db = () => app.runtime.database.db;

/** A new session of the agency and a token issued in it. */
async function signedInWithToken(person: { email: string; password: string } = agency) {
  const cookie = await signIn(app.url, person);
  const response = await fetch(`${app.url}/api/auth/token`, { headers: { cookie } });
  return { cookie, token: ((await response.json()) as { token: string }).token };
}

const sessionIdOf = (token: string) => decodeJwt(token).sid as string;

const SESSION_ENDED = 'The session this token was issued in has ended. Sign in again for a new token.';

async function expectRefused(token: string, message: string) {
  const response = await me(`Bearer ${token}`);
  expect(response.status).toBe(401);
  expect(await errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message });
}

let testKey: CryptoKey | undefined;

/**
 * Signs claims with a key published in the app's key set, as a token minted elsewhere with a leaked
 * or misused key would be. The key is older than the app's own, so the app keeps signing with its own.
 */
async function signWithPublishedKey(claims: Record<string, unknown>, options: { exp?: boolean } = {}) {
  const kid = 'test-published-key';
  if (!testKey) {
    const pair = await generateKeyPair('RS256', { extractable: true });
    testKey = pair.privateKey;
    const publicKey = JSON.stringify({ ...(await exportJWK(pair.publicKey)), alg: 'RS256' });
    await db().insert(jwks).values({ id: kid, publicKey, privateKey: 'unused', alg: 'RS256', createdAt: new Date('2020-01-01') });
  }
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).setSubject(agency.userId).setIssuer(app.url).setAudience(app.url).setIssuedAt();
  return (options.exp === false ? jwt : jwt.setExpirationTime('15m')).sign(testKey);
}

describe('API tokens', () => {
  it('publishes only public RSA keys at /.well-known/jwks.json', async () => {
    const response = await fetch(`${app.url}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Array<Record<string, string>> };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(keys[0]?.kid).toBeTruthy();
    for (const key of keys) expect(key.d).toBeUndefined();
  });

  it('issues tokens any standard JOSE client verifies from the published keys', async () => {
    const keySet = createRemoteJWKSet(new URL(`${app.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, keySet, { issuer: app.url, audience: app.url });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: agency.userId, email: agency.email, aal: 'aal1' });
  });

  it('issues no token without a session', async () => {
    expect((await fetch(`${app.url}/api/auth/token`)).status).toBe(401);
  });

  it('lets an API client act with the token instead of a cookie', async () => {
    const response = await me(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: agency.userId }, account: { userType: 'agency', status: 'approved' } });
  });

  it('refuses a token whose signature does not match', async () => {
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
    const response = await me(`Bearer ${header}.${forged}.${signature}`);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid JWT signature' });
  });

  it('refuses alg none', async () => {
    const [, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const response = await me(`Bearer ${none}`);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe('Tokens signed with none are not accepted');
  });

  it('refuses a token after it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    try {
      const response = await me(`Bearer ${token}`);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe('Token has expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('binds each token to the session it was issued in', async () => {
    const { cookie, token: issued } = await signedInWithToken();
    const sessionToken = decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    const [row] = await db().select({ id: session.id }).from(session).where(eq(session.token, sessionToken));
    expect(sessionIdOf(issued)).toBe(row!.id);
  });
});

describe('a token ends with its session', () => {
  it('stops working the moment its session signs out', async () => {
    const { cookie, token: issued } = await signedInWithToken();
    expect((await me(`Bearer ${issued}`)).status).toBe(200);
    expect((await callApi(app.url, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    await expectRefused(issued, SESSION_ENDED);
  });

  it('stops working the moment the password is reset', async () => {
    const person = await buildAgency(db());
    const { token: issued } = await signedInWithToken(person);
    expect((await me(`Bearer ${issued}`)).status).toBe(200);
    await callApi(app.url, 'POST', '/api/auth/request-password-reset', { body: { email: person.email, redirectTo: '/reset-password' } });
    const [row] = await db().select().from(verification).where(and(eq(verification.value, person.userId))).orderBy(desc(verification.createdAt));
    const resetToken = row!.identifier.replace('reset-password:', '');
    const reset = await callApi(app.url, 'POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword: 'Gait-Belt-Transfer-9' } });
    expect(reset.status).toBe(200);
    await expectRefused(issued, SESSION_ENDED);
  });

  it('stops working the moment its session is revoked from another device', async () => {
    const { token: issued } = await signedInWithToken();
    expect((await me(`Bearer ${issued}`)).status).toBe(200);
    const other = await signIn(app.url, agency);
    expect((await callApi(app.url, 'POST', '/api/auth/revoke-other-sessions', { cookie: other, body: {} })).status).toBe(200);
    await expectRefused(issued, SESSION_ENDED);
  });

  it('stops working when its session passes the 12-hour lifetime', async () => {
    const { token: issued } = await signedInWithToken();
    await db().update(session).set({ createdAt: new Date(Date.now() - 12 * 60 * 60 * 1000 - 1000) }).where(eq(session.id, sessionIdOf(issued)));
    await expectRefused(issued, SESSION_ENDED);
  });
});

describe('tokens not minted by the token endpoint', () => {
  it('accepts a well-formed token for a live session of its user', async () => {
    const { token: issued } = await signedInWithToken();
    const minted = await signWithPublishedKey({ sid: sessionIdOf(issued), aal: 'aal1' });
    expect((await me(`Bearer ${minted}`)).status).toBe(200);
  });

  it('refuses a token without an expiry', async () => {
    const { token: issued } = await signedInWithToken();
    await expectRefused(await signWithPublishedKey({ sid: sessionIdOf(issued) }, { exp: false }), 'Token has no exp claim');
  });

  it('refuses a token without a session', async () => {
    await expectRefused(await signWithPublishedKey({ aal: 'aal1' }), 'Token has no sid claim');
  });

  it("refuses a token naming another user's session or one that never existed", async () => {
    const someoneElse = await signedInWithToken(await buildAgency(db()));
    await expectRefused(await signWithPublishedKey({ sid: sessionIdOf(someoneElse.token) }), SESSION_ENDED);
    await expectRefused(await signWithPublishedKey({ sid: randomUUID() }), SESSION_ENDED);
  });

  it('refuses a token claiming a second factor its session has not passed', async () => {
    const { cookie, token: issued } = await signedInWithToken();
    await expectRefused(await signWithPublishedKey({ sid: sessionIdOf(issued), aal: 'aal2' }), 'Token aal is not accepted');
    await elevateSession(db(), cookie);
    expect((await me(`Bearer ${await signWithPublishedKey({ sid: sessionIdOf(issued), aal: 'aal2' })}`)).status).toBe(200);
  });
});

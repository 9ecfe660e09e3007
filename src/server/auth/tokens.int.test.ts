import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, signIn } from '../../../test/factories';
import { errorOf } from '../../../test/http';

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
});

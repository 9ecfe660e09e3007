import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist, signIn } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: 'https://partner.example.test' });
});
afterAll(() => app.close());

describe('cross-site request defences', () => {
  it('refuses a cookie-bearing write from another origin, or with no origin at all', async () => {
    const cookie = await signIn(app.url, await buildTherapist(app.runtime.database.db));
    const from = (headers: Record<string, string>) =>
      fetch(`${app.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body: '{}' });

    const evil = await from({ origin: 'https://evil.example.test' });
    expect(evil.status).toBe(403);
    // Refused as any answer of the API is sent: with its request's id and its security headers.
    expect(evil.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(evil.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(evil.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await evil.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'This request came from a page that is not allowed to make it.' },
    });
    expect((await from({})).status).toBe(403);
    expect((await from({ referer: 'https://evil.example.test/page' })).status).toBe(403);
    // Still signed in: none of those got through.
    expect((await fetch(`${app.url}/api/me`, { headers: { cookie } })).status).toBe(200);
    expect((await from({ referer: `${app.url}/dashboard` })).status).toBe(200);
  });

  it('lets anonymous forms post without cookies', async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A', email: 'a@b.test', userType: 'other', subject: 'S', message: 'M' }),
    });
    expect(response.status).toBe(201);
  });

  it('answers CORS preflights only for allowed origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${app.url}/api/me`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    const partner = await preflight('https://partner.example.test');
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example.test');
    expect(partner.headers.get('access-control-allow-credentials')).toBe('true');
    const evil = await preflight('https://evil.example.test');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

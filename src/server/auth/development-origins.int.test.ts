import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { loadConfig } from '../config';

/**
 * Signs in with a password from a page at `origin`, as a browser that has been there before does:
 * with a cookie of that site, which is what makes a sign-in subject to the origin check (CSRF).
 * The app itself is reached at its loopback address.
 */
const signInFrom = (app: TestApp, origin: string, person: { email: string; password: string }) =>
  callApi(`http://127.0.0.1:${app.config.port}`, 'POST', '/api/auth/sign-in/email', {
    body: { email: person.email, password: person.password },
    ip: clientAddress(),
    cookie: 'carerelay.seen=1',
    headers: { origin },
  });

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

describe('in development, both addresses of this machine', () => {
  let app: TestApp;
  beforeAll(async () => {
    // PUBLIC_URL left to its development default, http://localhost:$PORT.
    app = await startTestApp({ NODE_ENV: 'development', PUBLIC_URL: '' });
  });
  afterAll(() => app.close());

  it('sign in from a page at localhost or at 127.0.0.1, and then act from it', async () => {
    expect(app.config.publicUrl).toBe(`http://localhost:${app.config.port}`);
    for (const origin of [`http://localhost:${app.config.port}`, `http://127.0.0.1:${app.config.port}`]) {
      const person = await buildAgency(app.runtime.database.db);
      const response = await signInFrom(app, origin, person);
      await ok(response);
      // A state-changing request that carries the session passes the CSRF origin check too.
      await ok(await callApi(`http://127.0.0.1:${app.config.port}`, 'POST', '/api/auth/sign-out', { cookie: cookieOf(response), body: {}, headers: { origin } }));
    }
  });

  it('still refuse a page on another site, or on another port', async () => {
    const person = await buildAgency(app.runtime.database.db);
    for (const origin of ['http://elsewhere.example', `http://127.0.0.1:${app.config.port + 1}`]) {
      const response = await signInFrom(app, origin, person);
      await refused(response, 403, 'FORBIDDEN');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('outside development', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('only PUBLIC_URL is a page of ours: the other loopback name is refused', async () => {
    const person = await buildAgency(app.runtime.database.db);
    expect(app.config.publicUrl).toBe(`http://127.0.0.1:${app.config.port}`);
    await refused(await signInFrom(app, `http://localhost:${app.config.port}`, person), 403, 'FORBIDDEN');
  });

  it('production trusts PUBLIC_URL and CORS_ORIGINS alone', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '3000',
      DATABASE_URL: 'postgres://db.internal/carerelay',
      PUBLIC_URL: 'https://app.carerelay.com',
      CORS_ORIGINS: 'https://partners.carerelay.com',
      SMTP_URL: 'smtp://mail.internal:25',
      MAIL_FROM: 'no-reply@carerelay.com',
      TEAM_EMAIL: 'team@carerelay.com',
      DEMO_SCHEDULING_URL: 'https://cal.example.com/carerelay',
      APP_SECRET: 'z'.repeat(40),
      PHI_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
    expect(config.allowedOrigins).toEqual(['https://app.carerelay.com', 'https://partners.carerelay.com']);
  });
});

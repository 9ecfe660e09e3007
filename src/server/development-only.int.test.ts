import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { demoDepsOf } from '../../test/demo';
import { demoEmail } from './demo/demo-identity';
import { seedDemoData } from './demo/seed-demo-data';

/** What production needs besides what the test app sets; no mail is sent, so the SMTP server need not exist. */
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM: 'CareRelay <no-reply@carerelay.test>',
  TEAM_EMAIL: 'team@carerelay.test',
  DEMO_SCHEDULING_URL: 'https://cal.example.test/carerelay',
  APP_SECRET: 'x'.repeat(40),
  PHI_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const get = (app: TestApp, url: string, from: { remoteAddress?: string; forwardedFor?: string } = {}) =>
  app.runtime.app.inject({
    method: 'GET',
    url,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });

describe('the development mailbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Every proxy trusted, so a forged X-Forwarded-For would be believed by request.ip.
    app = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => app.close());

  it('answers requests from this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await get(app, '/api/dev/mailbox', { remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('does not exist for a request from the network', async () => {
    const response = await get(app, '/api/dev/mailbox', { remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route GET /api/dev/mailbox' } });
    const one = await get(app, '/api/dev/mailbox/8f0e1a52-3c1b-4f63-9a55-0d6c2b0f4e11', { remoteAddress: '192.168.1.20' });
    expect(one.statusCode).toBe(404);
  });

  it('believes the socket, not a forwarded header claiming loopback', async () => {
    expect((await get(app, '/api/dev/mailbox', { remoteAddress: '203.0.113.7', forwardedFor: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('does not exist for a network client forwarded by a proxy or tunnel on this machine', async () => {
    expect((await get(app, '/api/dev/mailbox', { remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.7' })).statusCode).toBe(404);
  });
});

describe('in production', () => {
  let app: TestApp;
  let withDocs: TestApp;
  beforeAll(async () => {
    app = await startTestApp(production);
    withDocs = await startTestApp({ ...production, API_DOCS: 'true' });
  });
  afterAll(async () => {
    await app.close();
    await withDocs.close();
  });

  it('serves no API docs unless API_DOCS=true', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      expect((await get(app, url)).statusCode, url).toBe(404);
    }
    expect((await get(withDocs, '/api/docs/json')).statusCode).toBe(200);
    expect((await get(withDocs, '/api/docs')).statusCode).toBe(200);
  });

  it('has no development mailbox, even from this machine', async () => {
    expect((await get(app, '/api/dev/mailbox', { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('has no "Sign in as" for demo people, even from this machine and for a demo person who exists', async () => {
    await seedDemoData(await demoDepsOf(app));
    expect((await get(app, '/api/dev/demo-people', { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const signIn = await app.runtime.app.inject({
      method: 'POST',
      url: '/api/dev/demo-sign-in',
      remoteAddress: '127.0.0.1',
      headers: { origin: app.url },
      payload: { email: demoEmail('hill-country-home-health') },
    });
    expect(signIn.statusCode).toBe(404);
    expect(signIn.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route POST /api/dev/demo-sign-in' } });
    expect(signIn.headers['set-cookie']).toBeUndefined();
  });
});

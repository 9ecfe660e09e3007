import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { demoDepsOf } from '../../../test/demo';
import { buildAgency } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { auditLog, session } from '../db/schema/index';
import { demoEmail, demoIdOf } from './demo-identity';
import { NOT_A_DEMO_PERSON, NO_SUCH_DEMO_PERSON } from './demo-sign-in';
import { seedDemoData } from './seed-demo-data';

let app: TestApp;
beforeAll(async () => {
  // Every proxy trusted, so a forged X-Forwarded-For would be believed by request.ip.
  app = await startTestApp({ TRUST_PROXY: 'true' });
  await seedDemoData(await demoDepsOf(app));
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const signInAs = (email: string, headers: Record<string, string> = {}) => callApi(app.url, 'POST', '/api/dev/demo-sign-in', { body: { email }, headers });
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

const inject = (method: 'GET' | 'POST', url: string, from: { remoteAddress?: string; forwardedFor?: string }) =>
  app.runtime.app.inject({
    method,
    url,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: { origin: app.url, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    ...(method === 'POST' ? { payload: { email: demoEmail('hill-country-home-health') } } : {}),
  });

describe('"Sign in as" a demo person (development)', () => {
  it('lists the demo people the sign-in dialog offers, agencies first', async () => {
    const { people } = await ok<{ people: Array<{ email: string; name: string; userType: string; status: string }> }>(
      await callApi(app.url, 'GET', '/api/dev/demo-people'),
    );
    expect(people).toHaveLength(17);
    expect(people[0]).toEqual({ email: demoEmail('bayshore-home-care'), name: 'Bayshore Home Care Partners', userType: 'agency', status: 'approved' });
    expect(people.map((person) => person.userType)).toEqual([...Array(4).fill('agency'), ...Array(12).fill('therapist'), 'manager']);
  });

  it('opens a real session in one click, past the second factor of a person who has one', async () => {
    const response = await signInAs(demoEmail('hill-country-home-health'));
    expect(await ok(response)).toEqual({ aal: 'aal2' });
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/carerelay\.session_token=/);

    const me = await ok<{ user: { id: string }; account: { userType: string }; aal: string; nextLevel: string }>(await callApi(app.url, 'GET', '/api/me', { cookie }));
    expect(me).toMatchObject({ user: { id: demoIdOf('hill-country-home-health') }, account: { userType: 'agency' }, aal: 'aal2', nextLevel: 'aal2' });
    // A route that needs the second factor lets them in, and signing out ends the session like any other.
    await ok(await callApi(app.url, 'GET', '/api/dashboard/agency', { cookie }));
    await ok(await callApi(app.url, 'POST', '/api/auth/sign-out', { cookie, body: {} }));
    await refused(await callApi(app.url, 'GET', '/api/me', { cookie }), 401, 'UNAUTHENTICATED');
  });

  it('opens a pending person without a factor at aal1, as their password would', async () => {
    const response = await signInAs(demoEmail('desert-bloom-home-health'));
    expect(await ok(response)).toEqual({ aal: 'aal1' });
    const me = await ok<{ aal: string; nextLevel: string; account: { status: string } }>(await callApi(app.url, 'GET', '/api/me', { cookie: cookieOf(response) }));
    expect(me).toMatchObject({ aal: 'aal1', nextLevel: 'aal1', account: { status: 'pending' } });
  });

  it('puts each demo sign-in on the record', async () => {
    await ok(await signInAs(demoEmail('maria-delgado')));
    const rows = await db().select().from(auditLog).where(eq(auditLog.actorUserId, demoIdOf('maria-delgado')));
    expect(rows.filter((row) => row.action === 'auth.sign_in')).toEqual([
      expect.objectContaining({ outcome: 'success', entityId: demoIdOf('maria-delgado'), details: { method: 'demo', aal: 'aal2' } }),
    ]);
  });

  it('refuses anyone who is not a demo person, and opens no session for them', async () => {
    const own = await buildAgency(db(), { email: 'owner@agency.test' });
    const error = await refused(await signInAs(own.email), 403, 'FORBIDDEN');
    expect(error).toMatchObject({ message: NOT_A_DEMO_PERSON, fields: { email: NOT_A_DEMO_PERSON } });
    expect(await db().$count(session, eq(session.userId, own.userId))).toBe(0);

    const unknown = await refused(await signInAs(demoEmail('nobody-here')), 404, 'NOT_FOUND');
    expect(unknown.message).toBe(NO_SUCH_DEMO_PERSON);
  });

  it('names the missing field', async () => {
    const error = await refused(await callApi(app.url, 'POST', '/api/dev/demo-sign-in', { body: {} }), 400, 'VALIDATION');
    expect(error.fields).toEqual({ email: 'Choose a demo person' });
  });

  it("refuses a request from another site's page, so no other site can sign this browser in", async () => {
    const response = await signInAs(demoEmail('hill-country-home-health'), { origin: 'https://elsewhere.example' });
    await refused(response, 403, 'FORBIDDEN');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('does not exist for a request from the network, whatever a forwarded header claims', async () => {
    for (const [method, url] of [
      ['GET', '/api/dev/demo-people'],
      ['POST', '/api/dev/demo-sign-in'],
    ] as const) {
      expect((await inject(method, url, { remoteAddress: '127.0.0.1' })).statusCode, `${method} ${url} from this machine`).toBe(200);
      const network = await inject(method, url, { remoteAddress: '203.0.113.7' });
      expect(network.statusCode).toBe(404);
      expect(network.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No API route ${method} ${url}` } });
      expect(network.headers['set-cookie']).toBeUndefined();
      expect((await inject(method, url, { remoteAddress: '203.0.113.7', forwardedFor: '127.0.0.1' })).statusCode).toBe(404);
      expect((await inject(method, url, { remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.7' })).statusCode).toBe(404);
    }
  });

  it("is not one of better-auth's HTTP endpoints, even for someone signed in", async () => {
    const cookie = cookieOf(await signInAs(demoEmail('desert-bloom-home-health')));
    for (const path of ['/api/auth/open-demo-session', '/api/auth/openDemoSession']) {
      const response = await callApi(app.url, 'POST', path, { cookie, body: { userId: demoIdOf('jordan-ellis'), aal: 'aal2' } });
      expect(response.status, path).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});

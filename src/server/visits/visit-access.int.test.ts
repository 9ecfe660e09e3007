import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import { notifications, referrals, visits } from '../db/schema/index';

/**
 * Every visits endpoint from the outside, with every caller who is not a party to the visit: each
 * is refused (401 signed out; 404 for someone else's referral or visit, so nobody learns it exists;
 * 403 where the role itself may never call the endpoint) and nothing changes.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const reading = { latitude: 30.25, longitude: -97.76, accuracyMeters: 10, reason: 'Testing' };

const call = (method: string, path: string, cookie: string | null, body?: unknown) => callApi(app.url, method, `/api${path}`, { cookie: cookie ?? undefined, ip: clientAddress(), body });

describe('visits endpoints refuse everyone but the visit’s agency and therapist', () => {
  let referralId: string;
  let upcomingId: string;
  let pastId: string;
  let callers: Record<'signedOut' | 'otherAgency' | 'otherTherapist' | 'manager' | 'pendingAgency' | 'pendingTherapist', string | null>;
  let partyIds: string[];

  beforeAll(async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId, patientZip: '78704' });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
    referralId = referral.id;
    partyIds = [agency.userId, therapist.userId];
    const common = { agencyId: agency.userId, therapistId: therapist.userId, referralId, status: 'scheduled' as const, checkInAt: null, checkOutAt: null };
    upcomingId = (await buildVisit(db(), { ...common, scheduledStart: new Date(Date.now() + 3 * 3_600_000) })).id;
    pastId = (await buildVisit(db(), { ...common, scheduledStart: new Date(Date.now() - 3 * 3_600_000) })).id;
    callers = {
      signedOut: null,
      otherAgency: await sessionCookie(app, await buildAgency(db())),
      otherTherapist: await sessionCookie(app, await buildTherapist(db())),
      manager: await sessionCookie(app, await buildManager(db())),
      pendingAgency: await sessionCookie(app, await buildAgency(db(), { status: 'pending' }), 'aal1'),
      pendingTherapist: await sessionCookie(app, await buildTherapist(db(), { status: 'pending' }), 'aal1'),
    };
  });

  const endpoints = () =>
    [
      ['GET', `/referrals/${referralId}/visits`, undefined],
      ['POST', `/referrals/${referralId}/visits/plan`, { startDate: '2030-01-07' }],
      ['POST', `/referrals/${referralId}/visits`, { serviceId: 'evaluation', scheduledStart: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 60 }],
      ['GET', `/visits/${upcomingId}`, undefined],
      ['PUT', `/visits/${upcomingId}/schedule`, { scheduledStart: new Date(Date.now() + 2 * 86_400_000).toISOString(), reason: 'Patient asked' }],
      ['POST', `/visits/${upcomingId}/cancel`, { reason: 'Patient in hospital' }],
      ['POST', `/visits/${pastId}/missed`, { reason: 'Nobody home' }],
      ['POST', `/visits/${upcomingId}/check-in`, reading],
      ['POST', `/visits/${upcomingId}/check-out`, reading],
    ] as const;

  it('signed out: 401 on every endpoint, including the calendar, never cached', async () => {
    for (const [method, path, body] of [...endpoints(), ['GET', '/visits?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z', undefined] as const]) {
      const response = await call(method, path, callers.signedOut, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
    }
  });

  it.each(['otherAgency', 'otherTherapist', 'manager'] as const)('%s: 404 on every endpoint of the visit and its referral', async (who) => {
    for (const [method, path, body] of endpoints()) {
      const response = await call(method, path, callers[who], body);
      expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(404);
    }
  });

  it.each(['pendingAgency', 'pendingTherapist'] as const)('%s (not yet approved): refused on every endpoint', async (who) => {
    for (const [method, path, body] of endpoints()) {
      const response = await call(method, path, callers[who], body);
      expect([403, 404], `${method} ${path}: ${await response.clone().text()}`).toContain(response.status);
    }
  });

  it('another agency’s and another therapist’s calendars are empty; a manager has none', async () => {
    const day = 86_400_000;
    const range = `?from=${encodeURIComponent(new Date(Date.now() - day).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 7 * day).toISOString())}`;
    for (const who of ['otherAgency', 'otherTherapist'] as const) {
      const response = await call('GET', `/visits${range}`, callers[who]);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { visits: unknown[] }).visits).toEqual([]);
    }
    expect((await call('GET', `/visits${range}`, callers.manager)).status).toBe(403);
  });

  it('after all those attempts nothing changed: the visits, the referral and the parties’ notifications', async () => {
    const rows = await db().select().from(visits).where(eq(visits.referralId, referralId));
    expect(rows).toHaveLength(2);
    expect(rows.map((v) => v.status)).toEqual(['scheduled', 'scheduled']);
    expect(rows.every((v) => v.checkInAt === null && v.checkOutAt === null)).toBe(true);
    const [referral] = await db().select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referralId));
    expect(referral?.status).toBe('in_progress');
    for (const userId of partyIds) expect(await db().select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);
  });
});

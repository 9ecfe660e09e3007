import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { patientInput } from '../../../test/patients';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '../../domain/calendar-feed';
import { auditLog, calendarFeeds, useraccounts, visits } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const patient = patientInput();

const feedApi = (method: 'GET' | 'POST' | 'DELETE', person?: SignedIn) =>
  callApi(app.url, method, '/api/therapist/calendar-feed', { cookie: person?.cookie, ip: person?.ip });

/** A calendar app reading the feed: no cookie, no origin, just the URL. */
const readFeed = (url: string) => fetch(url);

const tokenOf = (url: string) => /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1];

/** An approved therapist signed in, on a referral of an agency that has added its patient's details. */
async function therapistWithReferral() {
  const therapist = await buildTherapist(db());
  const agency = await buildAgency(db());
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
  await ok(await callApi(app.url, 'PUT', `/api/referrals/${referral.id}/patient`, { cookie: (await session(app, agency)).cookie, body: patient }));
  return { therapist, signedIn: await session(app, therapist), agency, referral };
}

function eventsOf(body: string) {
  const root = new ICAL.Component(ICAL.parse(body));
  return root.getAllSubcomponents('vevent').map((component) => ({ event: new ICAL.Event(component), component }));
}

describe('the therapist’s calendar feed link: /api/therapist/calendar-feed', () => {
  it('a signed-out caller gets 401 from create, status and revoke', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) await refused(await feedApi(method), 401, 'UNAUTHENTICATED');
  });

  it('an agency and a manager cannot create a feed (403): the feed is a therapist’s own visits', async () => {
    for (const person of [await buildAgency(db()), await buildManager(db())]) {
      const signedIn = await session(app, person);
      await refused(await feedApi('POST', signedIn), 403, 'FORBIDDEN');
      await refused(await feedApi('GET', signedIn), 403, 'FORBIDDEN');
    }
    expect(await db().select().from(calendarFeeds)).toEqual([]);
  });

  it('a therapist creates a link once: the URL is shown in that answer only, and the database keeps only its hash', async () => {
    const { signedIn } = await therapistWithReferral();
    expect(await ok<CalendarFeedStatus>(await feedApi('GET', signedIn))).toEqual({ active: false, createdAt: null, lastFetchedAt: null });

    const created = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    expect(created.url.startsWith(`${app.url}/api/calendar/`)).toBe(true);
    const token = tokenOf(created.url);
    expect(token).toBeDefined();
    expect(created).toMatchObject({ active: true, lastFetchedAt: null });

    const status = await ok<CalendarFeedStatus>(await feedApi('GET', signedIn));
    expect(status).toEqual({ active: true, createdAt: created.createdAt, lastFetchedAt: null });
    expect(JSON.stringify(status)).not.toContain(token);

    const rows = await db().select().from(calendarFeeds).where(eq(calendarFeeds.therapistId, signedIn.userId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token!);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, signedIn.userId), eq(auditLog.action, 'calendar_feed.created')));
    expect(audit).toMatchObject({ outcome: 'success', entityType: 'calendar_feed', details: { feedId: rows[0]?.id, revokedFeedIds: [] } });
    expect(JSON.stringify(audit)).not.toContain(token!);
  });

  it('the feed is valid iCalendar with the therapist’s visits only: reference and town, UTC times, cancelled ones marked, no patient details', async () => {
    const { signedIn, referral, agency } = await therapistWithReferral();
    // Three days ahead, on the hour.
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3 * 86_400_000);
    const scheduled = await buildVisit(db(), {
      referralId: referral.id,
      agencyId: agency.userId,
      therapistId: signedIn.userId,
      status: 'scheduled',
      scheduledStart: start,
      durationMinutes: 45,
    });
    const cancelled = await buildVisit(db(), {
      referralId: referral.id,
      agencyId: agency.userId,
      therapistId: signedIn.userId,
      status: 'cancelled',
      scheduledStart: new Date(start.getTime() + 86_400_000),
    });
    // Another therapist's visit, on another referral with its own patient.
    const other = await therapistWithReferral();
    const theirs = await buildVisit(db(), { referralId: other.referral.id, agencyId: other.agency.userId, therapistId: other.signedIn.userId, status: 'scheduled', scheduledStart: start });

    const { url } = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    const response = await readFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();

    const events = eventsOf(body);
    expect(events.map(({ event }) => event.uid)).toEqual([`visit-${scheduled.id}@carerelay`, `visit-${cancelled.id}@carerelay`]);
    const [first, second] = events;
    expect(first?.event.summary).toBe(`CareRelay visit — R-${referral.referenceNumber}, Austin, TX`);
    expect(first?.event.location).toBe('Austin, TX');
    expect(first?.event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(first?.event.endDate.toJSDate().toISOString()).toBe(new Date(start.getTime() + 45 * 60_000).toISOString());
    expect(first?.event.startDate.zone?.tzid).toBe('UTC');
    expect(first?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(first?.component.getFirstPropertyValue('dtstamp')).not.toBeNull();
    expect(first?.component.getFirstPropertyValue('last-modified')).not.toBeNull();
    expect(first?.component.getFirstPropertyValue('url')).toBe(`${app.url}/dashboard/therapist/visits/${scheduled.id}`);
    expect(second?.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    // Nothing that identifies the patient, and nothing of the other therapist's visit.
    for (const text of [patient.firstName, patient.lastName, patient.addressLine, patient.phone, '555-0142', patient.dateOfBirth, patient.emergencyContactName, patient.diagnosisCode]) {
      expect(body).not.toContain(text);
    }
    expect(body).not.toContain(theirs.id);
    expect(body).not.toContain(`R-${other.referral.referenceNumber}`);

    const status = await ok<CalendarFeedStatus>(await feedApi('GET', signedIn));
    expect(status.lastFetchedAt).not.toBeNull();
  });

  it('a change to a visit raises its SEQUENCE, so calendar apps take the new copy', async () => {
    const { signedIn, referral, agency } = await therapistWithReferral();
    const visit = await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: signedIn.userId, status: 'scheduled', scheduledStart: new Date(Date.now() + 86_400_000) });
    const { url } = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    const before = eventsOf(await (await readFeed(url)).text())[0]?.event.sequence;
    await db()
      .update(visits)
      .set({ updatedAt: new Date(visit.createdAt.getTime() + 90_000) })
      .where(eq(visits.id, visit.id));
    const after = eventsOf(await (await readFeed(url)).text())[0]?.event.sequence;
    expect(after).toBeGreaterThan(before ?? Infinity);
  });

  it('the token never reaches the logs: the request line shows the route’s pattern', async () => {
    const { signedIn } = await therapistWithReferral();
    const { url } = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    const logs = captureLogs(app.runtime.app.log);
    try {
      expect((await readFeed(url)).status).toBe(200);
      expect((await readFeed(url.replace(/.{5}\.ics$/, 'xxxxx.ics'))).status).toBe(404);
    } finally {
      logs.stop();
    }
    expect(logs.text()).toContain('/api/calendar/:file');
    expect(logs.text()).not.toContain(tokenOf(url));
    expect(logs.text()).not.toContain(tokenOf(url)!.slice(0, 20));
  });

  it('a new link revokes the previous one, and revoking ends the live one: both then answer 404', async () => {
    const { signedIn } = await therapistWithReferral();
    const first = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    const second = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    expect(second.url).not.toBe(first.url);
    await refused(await readFeed(first.url), 404, 'NOT_FOUND');
    expect((await readFeed(second.url)).status).toBe(200);

    expect(await ok<CalendarFeedStatus>(await feedApi('DELETE', signedIn))).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    await refused(await readFeed(second.url), 404, 'NOT_FOUND');
    expect(await ok<CalendarFeedStatus>(await feedApi('GET', signedIn))).toMatchObject({ active: false });
    // Revoking again is harmless (another tab).
    await ok(await feedApi('DELETE', signedIn));

    const actions = await db().select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.actorUserId, signedIn.userId));
    expect(actions.filter((row) => row.action === 'calendar_feed.created')).toHaveLength(2);
    expect(actions.filter((row) => row.action === 'calendar_feed.revoked').map((row) => (row.details as { revokedFeedIds: string[] }).revokedFeedIds.length)).toEqual([1, 0]);
  });

  it('an address reading feeds past the limit is answered 429 with retry-after', async () => {
    const ip = clientAddress();
    const unknown = `${app.url}/api/calendar/${'B'.repeat(43)}.ics`;
    for (let i = 0; i < 120; i += 1) expect((await callApi(app.url, 'GET', new URL(unknown).pathname, { ip })).status).toBe(404);
    const limited = await callApi(app.url, 'GET', new URL(unknown).pathname, { ip });
    await refused(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the API document describes the feed routes', async () => {
    const spec = await ok<{ paths: Record<string, Record<string, { summary?: string }>> }>(await fetch(`${app.url}/api/docs/json`));
    expect(spec.paths['/api/calendar/{file}']?.get?.summary).toMatch(/iCalendar/);
    expect(Object.keys(spec.paths['/api/therapist/calendar-feed'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
  });

  it('the link of a therapist whose account is no longer approved answers 404', async () => {
    const { signedIn } = await therapistWithReferral();
    const { url } = await ok<CreatedCalendarFeed>(await feedApi('POST', signedIn), 201);
    expect((await readFeed(url)).status).toBe(200);
    await db().update(useraccounts).set({ status: 'rejected' }).where(eq(useraccounts.userId, signedIn.userId));
    await refused(await readFeed(url), 404, 'NOT_FOUND');
  });

  it('an unknown or malformed link answers 404', async () => {
    await refused(await readFeed(`${app.url}/api/calendar/${'A'.repeat(43)}.ics`), 404, 'NOT_FOUND');
    await refused(await readFeed(`${app.url}/api/calendar/not-a-token.ics`), 404, 'NOT_FOUND');
  });
});

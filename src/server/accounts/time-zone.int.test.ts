import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session } from '../../../test/people';
import { npiWithCheckDigit } from '../../domain/npi';
import { timeZoneMessages } from '../../domain/time-zones';
import { auditLog, userProfiles } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

interface MeZone {
  timeZone: string;
  timeZoneChosen: boolean;
}

const me = async (cookie: string) => ok<MeZone>(await callApi(app.url, 'GET', '/api/me', { cookie }));
const setZone = (cookie: string | undefined, body: unknown) => callApi(app.url, 'PUT', '/api/me/time-zone', { cookie, body });

describe('PUT /api/me/time-zone', () => {
  it('a signed-out caller gets 401, whatever the body', async () => {
    await refused(await setZone(undefined, { timeZone: 'America/Denver' }), 401, 'UNAUTHENTICATED');
    await refused(await setZone(undefined, { nonsense: true }), 401, 'UNAUTHENTICATED');
  });

  it.each([
    ['an agency', buildAgency],
    ['a therapist', buildTherapist],
    ['a manager', buildManager],
  ])('%s reads the default until they choose, then their own zone, with one audit row', async (_who, build) => {
    const person = await build(db());
    const { cookie } = await session(app, person);
    expect(await me(cookie)).toMatchObject({ timeZone: 'America/Chicago', timeZoneChosen: false });

    // Any spelling Intl knows is saved under its canonical name.
    expect(await ok<MeZone>(await setZone(cookie, { timeZone: 'america/denver' }))).toEqual({ timeZone: 'America/Denver', timeZoneChosen: true });
    expect(await me(cookie)).toMatchObject({ timeZone: 'America/Denver', timeZoneChosen: true });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, person.userId), eq(auditLog.action, 'account.time_zone_changed')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ outcome: 'success', entityId: person.userId, details: { timeZone: 'America/Denver' } });
  });

  it('a pending account may set its zone too (its status page shows times)', async () => {
    const { cookie } = await session(app, await buildTherapist(db(), { status: 'pending' }));
    await ok(await setZone(cookie, { timeZone: 'America/Phoenix' }));
    expect(await me(cookie)).toMatchObject({ timeZone: 'America/Phoenix', timeZoneChosen: true });
  });

  it.each([
    ['an unknown zone', { timeZone: 'America/Atlantis' }],
    ['a UTC offset', { timeZone: '-07:00' }],
    ['an empty zone', { timeZone: '' }],
    ['no zone at all', {}],
    ['a number', { timeZone: 7 }],
  ])('refuses %s, naming timeZone, and saves nothing', async (_name, body) => {
    const person = await buildAgency(db());
    const { cookie } = await session(app, person);
    const error = await refused(await setZone(cookie, body), 400, 'VALIDATION');
    expect(error.fields).toEqual({ timeZone: timeZoneMessages.invalid });
    expect(await me(cookie)).toMatchObject({ timeZone: 'America/Chicago', timeZoneChosen: false });
    expect(await db().$count(auditLog, and(eq(auditLog.actorUserId, person.userId), eq(auditLog.action, 'account.time_zone_changed')))).toBe(0);
  });

  it("one user's choice never changes another's", async () => {
    const first = await session(app, await buildTherapist(db()));
    const second = await session(app, await buildTherapist(db()));
    await ok(await setZone(first.cookie, { timeZone: 'Pacific/Honolulu' }));
    expect(await me(second.cookie)).toMatchObject({ timeZone: 'America/Chicago', timeZoneChosen: false });
  });
});

describe('the zone at onboarding', () => {
  const step1 = {
    firstName: 'Jordan',
    lastName: 'Reyes',
    npiNumber: npiWithCheckDigit('123456789'),
    licenseNumber: 'PT-123456',
    licenseState: 'CO',
    licenseExpiry: '2030-06-30',
  };
  const onboard = (cookie: string, body: unknown) => callApi(app.url, 'PUT', '/api/onboarding', { cookie, body });

  it('is saved on the account with the profile, and offered back', async () => {
    const { cookie } = await session(app, await buildAgency(db(), { status: 'pending' }));
    expect(await ok(await callApi(app.url, 'GET', '/api/onboarding', { cookie }))).toMatchObject({ timeZone: null });
    expect(await ok(await onboard(cookie, { ...step1, userType: 'agency', timeZone: 'America/Denver' }))).toMatchObject({ timeZone: 'America/Denver' });
    expect(await me(cookie)).toMatchObject({ timeZone: 'America/Denver', timeZoneChosen: true });
  });

  it('a bad zone is refused naming timeZone, and neither the profile nor the zone is written', async () => {
    const person = await buildAgency(db(), { status: 'pending' });
    const { cookie } = await session(app, person);
    const error = await refused(await onboard(cookie, { ...step1, userType: 'agency', timeZone: 'Mountain Time' }), 400, 'VALIDATION');
    expect(error.fields).toEqual({ timeZone: timeZoneMessages.invalid });
    expect(await db().$count(userProfiles, eq(userProfiles.id, person.userId))).toBe(0);
    expect(await me(cookie)).toMatchObject({ timeZoneChosen: false });
  });
});

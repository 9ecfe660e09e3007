import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { callApi, errorOf } from '../../../test/http';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { todayIn } from '../../domain/business-date';
import { npiWithCheckDigit } from '../../domain/npi';
import { onboardingMessages, type OnboardingState } from '../../domain/onboarding';
import { auditLog, therapistProfiles, therapistRates, user, userProfiles, useraccounts } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

const call = (method: 'GET' | 'PUT', cookie?: string, body?: unknown) => callApi(app.url, method, '/api/onboarding', { cookie, body });

const step1 = {
  firstName: 'Jordan',
  lastName: 'Reyes',
  npiNumber: npiWithCheckDigit('123456789'),
  licenseNumber: 'PT-123456',
  licenseState: 'TX',
  licenseExpiry: '2030-06-30',
};
const rates = { evaluation: 160, treatment: 110.5, progress_report: 75, discharge: 100 };
const therapistBody = { ...step1, userType: 'therapist', rates, serviceRadiusMiles: 40 };

async function rowsOf(userId: string) {
  const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, userId));
  const rateRows = await db().select().from(therapistRates).where(eq(therapistRates.therapistId, userId));
  const [therapist] = await db().select({ miles: therapistProfiles.serviceRadiusMiles }).from(therapistProfiles).where(eq(therapistProfiles.id, userId));
  const rateMap = Object.fromEntries(rateRows.map((row) => [row.serviceId, row.rate]));
  return { profile, rateRows, rates: rateMap, miles: therapist?.miles };
}

async function signedIn(person: { email: string; password: string }) {
  return signIn(app.url, person);
}

describe('GET and PUT /api/onboarding', () => {
  it('a signed-out caller gets 401 from both, whatever the body', async () => {
    const get = await call('GET');
    expect(get.status).toBe(401);
    expect((await errorOf(get)).code).toBe('UNAUTHENTICATED');
    const put = await call('PUT', undefined, { nonsense: true });
    expect(put.status).toBe(401);
    expect((await errorOf(put)).code).toBe('UNAUTHENTICATED');
  });

  it('a manager gets 403 from both: managers do not onboard', async () => {
    const cookie = await signedIn(await buildManager(db()));
    for (const response of [await call('GET', cookie), await call('PUT', cookie, therapistBody)]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({ code: 'FORBIDDEN', message: onboardingMessages.managers });
    }
  });

  it('a user without an account record is asked to choose agency or therapist first', async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const cookie = await signedIn(therapist);
    // As after a social sign-in: a sign-in identity without an account record.
    await db().delete(useraccounts).where(eq(useraccounts.userId, therapist.userId));
    const response = await call('GET', cookie);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'CONFLICT', message: 'Choose agency or therapist first' });
  });

  it('a new therapist is offered their sign-up name, the default rates and a 25-mile radius', async () => {
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending', firstName: 'Avery', lastName: 'Lopez' });
    const response = await call('GET', await signedIn(therapist));
    expect(response.status).toBe(200);
    const state = (await response.json()) as OnboardingState;
    expect(state).toMatchObject({
      userType: 'therapist',
      status: 'pending',
      completed: false,
      companyName: null,
      profile: { firstName: 'Avery', lastName: 'Lopez', npiNumber: '', licenseNumber: '', licenseState: '', licenseExpiry: '' },
      rates: { evaluation: 150, treatment: 100, progress_report: 75, discharge: 100 },
      serviceRadiusMiles: 25,
    });
    expect(state.services.map((s) => [s.id, s.name, s.defaultRate])).toEqual([
      ['evaluation', 'Initial Evaluation', 150],
      ['treatment', 'Treatment Session', 100],
      ['progress_report', 'Progress Report', 75],
      ['discharge', 'Discharge Summary', 100],
    ]);
  });

  it('a pending therapist saves: one profile row, four rates, the radius and an audit row', async () => {
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending' });
    const cookie = await signedIn(therapist);
    const response = await call('PUT', cookie, therapistBody);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ completed: true, profile: step1, rates, serviceRadiusMiles: 40 });

    const saved = await rowsOf(therapist.userId);
    expect(saved.profile).toMatchObject(step1);
    expect(saved.rates).toEqual(rates);
    expect(saved.miles).toBe(40);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, therapist.userId), eq(auditLog.action, 'onboarding.saved')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ outcome: 'success', entityType: 'user_profile', entityId: therapist.userId, details: { userType: 'therapist' } });

    const again = (await (await call('GET', cookie)).json()) as OnboardingState;
    expect(again).toMatchObject({ completed: true, profile: step1, rates, serviceRadiusMiles: 40 });
  });

  it('a therapist saving twice updates the same rows, never duplicating them', async () => {
    // Pending: an approved account's license change waits for review (credential-review.int.test.ts).
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending' });
    const cookie = await signedIn(therapist);
    expect((await call('PUT', cookie, therapistBody)).status).toBe(200);
    const changed = { ...therapistBody, licenseNumber: 'PT-999', rates: { ...rates, discharge: 120.25 }, serviceRadiusMiles: 10 };
    expect((await call('PUT', cookie, changed)).status).toBe(200);

    const saved = await rowsOf(therapist.userId);
    expect(await db().$count(userProfiles, eq(userProfiles.id, therapist.userId))).toBe(1);
    expect(saved.profile?.licenseNumber).toBe('PT-999');
    expect(saved.rateRows).toHaveLength(4);
    expect(saved.rates.discharge).toBe(120.25);
    expect(saved.miles).toBe(10);
    expect(await db().$count(auditLog, and(eq(auditLog.actorUserId, therapist.userId), eq(auditLog.action, 'onboarding.saved')))).toBe(2);
  });

  it('refuses an NPI with a wrong check digit, naming npiNumber, and writes nothing', async () => {
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending' });
    const npi = step1.npiNumber;
    const wrong = `${npi.slice(0, 9)}${(Number(npi[9]) + 1) % 10}`;
    const response = await call('PUT', await signedIn(therapist), { ...therapistBody, npiNumber: wrong });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toEqual({ npiNumber: 'Please enter a valid 10-digit NPI' });
    const saved = await rowsOf(therapist.userId);
    expect(saved.profile).toBeUndefined();
    expect(saved.rateRows).toEqual([]);
    expect(saved.miles).toBe(25);
  });

  it('refuses a licence expiry in the past, naming licenseExpiry, and writes nothing', async () => {
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending' });
    const response = await call('PUT', await signedIn(therapist), { ...therapistBody, licenseExpiry: '2020-01-31', serviceRadiusMiles: 60 });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ licenseExpiry: 'License expiry cannot be in the past' });
    const saved = await rowsOf(therapist.userId);
    expect(saved.profile).toBeUndefined();
    expect(saved.rateRows).toEqual([]);
    expect(saved.miles).toBe(25);
    expect(await db().$count(auditLog, and(eq(auditLog.actorUserId, therapist.userId), eq(auditLog.action, 'onboarding.saved')))).toBe(0);
  });

  it('judges a license expiry by the business date matching uses: its yesterday is refused, its today accepted', async () => {
    // Between midnight and early morning in Chicago, Chicago's yesterday is still today at UTC−12:
    // the old "anywhere on earth" rule let such a lapsed license in, never to match.
    const yesterday = todayIn(undefined, new Date(Date.now() - 86_400_000));
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending' });
    const cookie = await signedIn(therapist);
    const response = await call('PUT', cookie, { ...therapistBody, licenseExpiry: yesterday });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ licenseExpiry: 'License expiry cannot be in the past' });
    expect((await rowsOf(therapist.userId)).profile).toBeUndefined();
    expect((await call('PUT', cookie, { ...therapistBody, licenseExpiry: todayIn() })).status).toBe(200);
  });

  it('refuses rates out of bounds and a radius over 100 miles, each named', async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const response = await call('PUT', await signedIn(therapist), {
      ...therapistBody,
      rates: { ...rates, evaluation: 1000.5, treatment: 99.999 },
      serviceRadiusMiles: 101,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({
      'rates.evaluation': onboardingMessages.rateMax,
      'rates.treatment': onboardingMessages.rateCents,
      serviceRadiusMiles: onboardingMessages.radiusRange,
    });
    expect((await rowsOf(therapist.userId)).profile).toBeUndefined();
  });

  it('a therapist cannot save as an agency (the account decides the type), and nothing is written', async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const response = await call('PUT', await signedIn(therapist), { ...step1, userType: 'agency' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ userType: onboardingMessages.wrongType });
    expect((await rowsOf(therapist.userId)).profile).toBeUndefined();
  });

  it('an agency saves its profile only: rates sent along are ignored, and it is told nothing about rates', async () => {
    const agency = await buildAgency(db(), { status: 'pending', companyName: 'Sunrise Home Health' });
    const cookie = await signedIn(agency);
    const before = (await (await call('GET', cookie)).json()) as OnboardingState;
    expect(before).toMatchObject({
      userType: 'agency',
      companyName: 'Sunrise Home Health',
      completed: false,
      profile: { firstName: '', lastName: '' },
      services: [],
      rates: null,
      serviceRadiusMiles: null,
    });

    const response = await call('PUT', cookie, { ...step1, firstName: 'Maria', userType: 'agency', rates, serviceRadiusMiles: 5 });
    expect(response.status).toBe(200);
    const { profile, rateRows } = await rowsOf(agency.userId);
    expect(profile).toMatchObject({ ...step1, firstName: 'Maria' });
    expect(rateRows).toEqual([]);
    expect(await db().$count(auditLog, and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'onboarding.saved')))).toBe(1);
  });

  it('when a later write fails, the earlier ones are rolled back too', async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const cookie = await signedIn(therapist);
    // A broken account: the rates cannot be written without the therapist profile they belong to.
    await db().delete(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    const response = await call('PUT', cookie, therapistBody);
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expect((await rowsOf(therapist.userId)).profile).toBeUndefined();
    expect(await db().$count(auditLog, and(eq(auditLog.actorUserId, therapist.userId), eq(auditLog.action, 'onboarding.saved')))).toBe(0);
  });

  it('a rejected account may still complete onboarding', async () => {
    const therapist = await buildTherapist(db(), { licensed: false, status: 'rejected' });
    expect((await call('PUT', await signedIn(therapist), therapistBody)).status).toBe(200);
    expect((await rowsOf(therapist.userId)).profile).toMatchObject(step1);
  });

  it("one user cannot touch another's rows: ids in the body are ignored, the session decides", async () => {
    const victim = await buildTherapist(db(), { licensed: false, firstName: 'Victim' });
    const victimCookie = await signedIn(victim);
    expect((await call('PUT', victimCookie, therapistBody)).status).toBe(200);
    const victimBefore = await rowsOf(victim.userId);

    const attacker = await buildTherapist(db(), { licensed: false, firstName: 'Attacker' });
    const response = await call('PUT', await signedIn(attacker), {
      ...therapistBody,
      id: victim.userId,
      userId: victim.userId,
      therapistId: victim.userId,
      firstName: 'Mallory',
      rates: { evaluation: 1, treatment: 1, progress_report: 1, discharge: 1 },
      serviceRadiusMiles: 1,
    });
    expect(response.status).toBe(200);

    expect(await rowsOf(victim.userId)).toEqual(victimBefore);
    const attackerRows = await rowsOf(attacker.userId);
    expect(attackerRows.profile?.firstName).toBe('Mallory');
    expect(attackerRows.rates).toEqual({ evaluation: 1, treatment: 1, progress_report: 1, discharge: 1 });
    // The victim's sign-in identity is untouched as well.
    const [victimUser] = await db().select({ name: user.name }).from(user).where(eq(user.id, victim.userId));
    expect(victimUser?.name).toBe(`Victim ${victim.lastName}`);
  });
});

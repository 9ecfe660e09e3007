import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { callApi, errorOf } from '../../../test/http';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { preferencesMessages, type TherapistSettingsState } from '../../domain/notification-preferences';
import { auditLog, notificationPreferences, therapistProfiles } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

const call = (method: 'GET' | 'PUT', cookie?: string, body?: unknown) => callApi(app.url, method, '/api/therapist/settings', { cookie, body });

const defaults: TherapistSettingsState = {
  availableForReferrals: true,
  preferences: { inApp: true, email: true, sms: false, smsPhone: null, quietHoursStart: null, quietHoursEnd: null, timeZone: 'America/Chicago' },
};

const saved = {
  availableForReferrals: false,
  preferences: {
    inApp: true,
    email: false,
    sms: true,
    smsPhone: '(512) 555-0199',
    quietHoursStart: '22:00',
    quietHoursEnd: '07:00',
    timeZone: 'America/Denver',
  },
};

const withPreferences = (preferences: Record<string, unknown>) => ({ ...saved, preferences: { ...saved.preferences, ...preferences } });

describe('GET and PUT /api/therapist/settings', () => {
  it('a signed-out caller gets 401 from both, whatever the body', async () => {
    for (const response of [await call('GET'), await call('PUT', undefined, { nonsense: true })]) {
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHENTICATED');
    }
  });

  it('an agency and a manager get 403 from both: these are therapist settings', async () => {
    for (const person of [await buildAgency(db()), await buildManager(db())]) {
      const cookie = await signIn(app.url, person);
      for (const response of [await call('GET', cookie), await call('PUT', cookie, saved)]) {
        expect(response.status).toBe(403);
        expect((await errorOf(response)).code).toBe('FORBIDDEN');
      }
    }
  });

  it('a pending therapist gets 403 from both until a manager approves them', async () => {
    const therapist = await buildTherapist(db(), { status: 'pending' });
    const cookie = await signIn(app.url, therapist);
    for (const response of [await call('GET', cookie), await call('PUT', cookie, saved)]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'Your account is pending. This is available once it is approved.' });
    }
    expect(await db().$count(notificationPreferences, eq(notificationPreferences.userId, therapist.userId))).toBe(0);
  });

  it('an approved therapist with nothing saved reads the defaults', async () => {
    const cookie = await signIn(app.url, await buildTherapist(db()));
    const response = await call('GET', cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(defaults);
  });

  it('saves and reads back; the phone is normalised, and only their own rows change, with one audit row', async () => {
    const therapist = await buildTherapist(db());
    const other = await buildTherapist(db());
    const otherCookie = await signIn(app.url, other);
    const cookie = await signIn(app.url, therapist);

    const put = await call('PUT', cookie, saved);
    expect(put.status).toBe(200);
    const expected = { ...saved, preferences: { ...saved.preferences, smsPhone: '+15125550199' } };
    expect(await put.json()).toEqual(expected);
    expect(await (await call('GET', cookie)).json()).toEqual(expected);

    const [row] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, therapist.userId));
    expect(row).toMatchObject({ inApp: true, email: false, sms: true, smsPhone: '+15125550199', quietHoursStart: '22:00:00', quietHoursEnd: '07:00:00' });
    // The zone is the account's one zone: the rest of the product reads it too.
    expect(await (await callApi(app.url, 'GET', '/api/me', { cookie })).json()).toMatchObject({ timeZone: 'America/Denver', timeZoneChosen: true });
    const [profile] = await db().select({ available: therapistProfiles.availableForReferrals }).from(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    expect(profile?.available).toBe(false);

    // Another therapist's settings are untouched.
    expect(await (await call('GET', otherCookie)).json()).toEqual(defaults);
    expect(await db().$count(notificationPreferences, eq(notificationPreferences.userId, other.userId))).toBe(0);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'therapist.settings_updated'), eq(auditLog.actorUserId, therapist.userId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entityType: 'notification_preferences', entityId: therapist.userId, outcome: 'success' });
    expect(JSON.stringify(audits[0]?.details)).not.toContain('555');

    // Saving again updates the one row (clearing quiet hours and the phone).
    const cleared = withPreferences({ sms: false, smsPhone: '', quietHoursStart: '', quietHoursEnd: '', timeZone: 'america/new_york' });
    const second = await call('PUT', cookie, { ...cleared, availableForReferrals: true });
    expect(second.status).toBe(200);
    expect(((await second.json()) as TherapistSettingsState).preferences).toEqual({
      ...saved.preferences,
      sms: false,
      smsPhone: null,
      quietHoursStart: null,
      quietHoursEnd: null,
      timeZone: 'America/New_York',
    });
    expect(await db().$count(notificationPreferences, eq(notificationPreferences.userId, therapist.userId))).toBe(1);
  });

  it.each([
    ['SMS without a phone', { sms: true, smsPhone: '' }, 'preferences.smsPhone', preferencesMessages.smsPhoneRequired],
    ['an invalid phone', { smsPhone: '12345' }, 'preferences.smsPhone', 'Please enter a valid mobile number'],
    ['a start without an end', { quietHoursEnd: '' }, 'preferences.quietHoursEnd', preferencesMessages.quietHoursPair],
    ['an end without a start', { quietHoursStart: null }, 'preferences.quietHoursStart', preferencesMessages.quietHoursPair],
    ['a time that is not HH:MM', { quietHoursStart: '10pm' }, 'preferences.quietHoursStart', preferencesMessages.timeInvalid],
    ['an unknown time zone', { timeZone: 'America/Atlantis' }, 'preferences.timeZone', preferencesMessages.timeZoneInvalid],
    ['in-app turned off', { inApp: false }, 'preferences.inApp', preferencesMessages.inAppRequired],
  ])('refuses %s with the message on its field, saving nothing', async (_name, change, field, message) => {
    const therapist = await buildTherapist(db());
    const cookie = await signIn(app.url, therapist);
    const response = await call('PUT', cookie, withPreferences(change));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toEqual({ [field]: message });
    expect(await db().$count(notificationPreferences, eq(notificationPreferences.userId, therapist.userId))).toBe(0);
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'therapist.settings_updated'), eq(auditLog.actorUserId, therapist.userId)))).toBe(0);
  });

  it('refuses a body without availability', async () => {
    const cookie = await signIn(app.url, await buildTherapist(db()));
    const response = await call('PUT', cookie, { preferences: saved.preferences });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toHaveProperty('availableForReferrals');
  });
});

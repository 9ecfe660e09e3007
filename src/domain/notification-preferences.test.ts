import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, endOfQuietHours, isWithinQuietHours, preferencesMessages, therapistSettingsSchema } from './notification-preferences';

const chicago = 'America/Chicago';

describe('isWithinQuietHours', () => {
  it.each([
    // Unset hours are never quiet.
    ['no hours set', '2026-06-15T04:00:00Z', null, null, chicago, false],
    ['only a start', '2026-06-15T04:00:00Z', '22:00', null, chicago, false],
    ['equal bounds', '2026-06-15T04:00:00Z', '22:00', '22:00', chicago, false],
    // 22:00–07:00 crosses midnight (June: Chicago is UTC−5).
    ['23:00 local, overnight range', '2026-06-15T04:00:00Z', '22:00', '07:00', chicago, true],
    ['02:00 local, overnight range', '2026-06-15T07:00:00Z', '22:00', '07:00', chicago, true],
    ['22:00 local, start is inclusive', '2026-06-15T03:00:00Z', '22:00', '07:00', chicago, true],
    ['07:00 local, end is exclusive', '2026-06-15T12:00:00Z', '22:00', '07:00', chicago, false],
    ['12:00 local, overnight range', '2026-06-15T17:00:00Z', '22:00', '07:00', chicago, false],
    // A same-day range.
    ['13:30 local, 12:00–14:00', '2026-06-15T18:30:00Z', '12:00', '14:00', chicago, true],
    ['14:00 local, 12:00–14:00', '2026-06-15T19:00:00Z', '12:00', '14:00', chicago, false],
    // The zone decides: 04:00Z is 00:00 in New York but 21:00 in Los Angeles.
    ['midnight in New York', '2026-06-15T04:00:00Z', '22:00', '07:00', 'America/New_York', true],
    ['21:00 in Los Angeles', '2026-06-15T04:00:00Z', '22:00', '07:00', 'America/Los_Angeles', false],
    // Spring forward (2026-03-08, 02:00 CST → 03:00 CDT): a fixed UTC−6 would call 12:30Z 06:30.
    ['DST start: 06:59 CDT', '2026-03-08T11:59:00Z', '22:00', '07:00', chicago, true],
    ['DST start: 07:30 CDT', '2026-03-08T12:30:00Z', '22:00', '07:00', chicago, false],
    ['DST start: 03:00 CDT, right after the gap', '2026-03-08T08:00:00Z', '22:00', '07:00', chicago, true],
    // Fall back (2026-11-01, 02:00 CDT → 01:00 CST): a fixed UTC−5 would call 12:30Z 07:30.
    ['DST end: 06:30 CST', '2026-11-01T12:30:00Z', '22:00', '07:00', chicago, true],
    ['DST end: 07:00 CST', '2026-11-01T13:00:00Z', '22:00', '07:00', chicago, false],
    // Arizona keeps standard time all year.
    ['Phoenix in summer: 06:30 MST', '2026-07-01T13:30:00Z', '22:00', '07:00', 'America/Phoenix', true],
  ])('%s', (_name, now, start, end, timeZone, expected) => {
    expect(isWithinQuietHours(new Date(now), { start, end, timeZone })).toBe(expected);
  });

  it('accepts times as PostgreSQL returns them (HH:MM:SS)', () => {
    expect(isWithinQuietHours(new Date('2026-06-15T04:00:00Z'), { start: '22:00:00', end: '07:00:00', timeZone: chicago })).toBe(true);
  });
});

describe('canonicalTimeZone', () => {
  it.each([
    ['America/Chicago', 'America/Chicago'],
    ['america/new_york', 'America/New_York'],
    ['Mars/Olympus_Mons', null],
    ['+05:00', null],
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(canonicalTimeZone(value)).toBe(expected);
  });
});

describe('therapistSettingsSchema', () => {
  const valid = {
    availableForReferrals: true,
    preferences: { inApp: true, email: true, sms: false, smsPhone: '', quietHoursStart: '', quietHoursEnd: '', timeZone: chicago },
  };
  const messagesFor = (preferences: Partial<typeof valid.preferences>) => {
    const result = therapistSettingsSchema.safeParse({ ...valid, preferences: { ...valid.preferences, ...preferences } });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('empty optional fields become null and phones are normalised', () => {
    expect(therapistSettingsSchema.parse(valid).preferences).toMatchObject({ smsPhone: null, quietHoursStart: null, quietHoursEnd: null });
    const parsed = therapistSettingsSchema.parse({ ...valid, preferences: { ...valid.preferences, sms: true, smsPhone: '(512) 555-0199' } });
    expect(parsed.preferences.smsPhone).toBe('+15125550199');
  });

  it.each([
    [{ inApp: false }, 'preferences.inApp', preferencesMessages.inAppRequired],
    [{ sms: true }, 'preferences.smsPhone', preferencesMessages.smsPhoneRequired],
    [{ smsPhone: '12' }, 'preferences.smsPhone', 'Please enter a valid mobile number'],
    [{ quietHoursStart: '22:00' }, 'preferences.quietHoursEnd', preferencesMessages.quietHoursPair],
    [{ quietHoursEnd: '07:00' }, 'preferences.quietHoursStart', preferencesMessages.quietHoursPair],
    [{ quietHoursStart: '25:00', quietHoursEnd: '07:00' }, 'preferences.quietHoursStart', preferencesMessages.timeInvalid],
    [{ quietHoursStart: '07:00', quietHoursEnd: '07:00' }, 'preferences.quietHoursEnd', preferencesMessages.quietHoursSame],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'preferences.timeZone', preferencesMessages.timeZoneInvalid],
  ])('%o → %s: %s', (preferences, path, message) => {
    expect(messagesFor(preferences)).toEqual({ [path]: message });
  });

  it('reports every broken field at once', () => {
    expect(Object.keys(messagesFor({ sms: true, quietHoursStart: '22:00', timeZone: 'Nowhere' })).sort()).toEqual([
      'preferences.quietHoursEnd',
      'preferences.smsPhone',
      'preferences.timeZone',
    ]);
  });
});

describe('endOfQuietHours', () => {
  const quiet = { start: '22:00', end: '07:00', timeZone: 'America/Chicago' };

  it('is now when it is not quiet', () => {
    const noon = new Date('2026-11-22T18:00:00Z'); // 12:00 in Chicago
    expect(endOfQuietHours(noon, quiet)).toEqual(noon);
  });

  it('is the end of quiet hours, across midnight, on the wall clock of the zone', () => {
    // 23:30 on Nov 22 in Chicago (CST, UTC−6) → 07:00 on Nov 23 = 13:00 UTC.
    expect(endOfQuietHours(new Date('2026-11-23T05:30:00Z'), quiet)).toEqual(new Date('2026-11-23T13:00:00Z'));
  });

  it('is later the same morning when quiet hours started before midnight', () => {
    // 06:59:30 Chicago → 07:00.
    expect(endOfQuietHours(new Date('2026-11-23T12:59:30Z'), quiet)).toEqual(new Date('2026-11-23T13:00:00Z'));
  });
});

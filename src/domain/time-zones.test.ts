import { describe, expect, it } from 'vitest';
import { addDaysToKey, canonicalTimeZone, dateKeyIn, instantAt, startOfDayIn, timeOfDayIn, timeZoneOptions, timeZoneSchema, weekdayOfKey } from './time-zones';

describe('timeZoneSchema', () => {
  it('takes any zone Intl knows, under its canonical name', () => {
    expect(timeZoneSchema.parse(' america/denver ')).toBe('America/Denver');
    expect(timeZoneSchema.parse('US/Mountain')).toBe('America/Denver');
    expect(timeZoneSchema.parse('Pacific/Auckland')).toBe('Pacific/Auckland');
  });

  it.each(['America/Atlantis', '+05:00', '-07:00', '', 'Mountain Time'])('refuses %j with one message', (value) => {
    const result = timeZoneSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose a valid time zone');
    expect(canonicalTimeZone(value)).toBeNull();
  });
});

describe('timeZoneOptions', () => {
  it('offers the US zones first, then every other zone once', () => {
    const { us, other } = timeZoneOptions();
    expect(us.map((zone) => zone.id)).toContain('America/Denver');
    expect(us[0]).toEqual({ id: 'America/New_York', label: 'Eastern (New York)' });
    expect(other.some((zone) => zone.id === 'America/Denver')).toBe(false);
    expect(other.some((zone) => zone.id === 'Europe/Paris')).toBe(true);
  });

  it('keeps a saved zone Intl lists under another name', () => {
    expect(timeZoneOptions('Asia/Calcutta').other.some((zone) => zone.id === 'Asia/Calcutta')).toBe(true);
  });
});

describe('calendar days in a zone', () => {
  it('reads the date on the zone’s own calendar', () => {
    // 2026-01-15 05:30Z is still the 14th in Denver (UTC−7) and already the 15th in Auckland.
    const at = new Date('2026-01-15T05:30:00Z');
    expect(dateKeyIn(at, 'America/Denver')).toBe('2026-01-14');
    expect(dateKeyIn(at, 'Pacific/Auckland')).toBe('2026-01-15');
  });

  it('starts a day at local midnight, across daylight-saving changes', () => {
    expect(startOfDayIn('2026-01-14', 'America/Denver').toISOString()).toBe('2026-01-14T07:00:00.000Z');
    expect(startOfDayIn('2026-07-14', 'America/Denver').toISOString()).toBe('2026-07-14T06:00:00.000Z');
    // Spring forward in Denver: the day starts at MST midnight, the next one at MDT midnight.
    expect(startOfDayIn('2026-03-08', 'America/Denver').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(startOfDayIn('2026-03-09', 'America/Denver').toISOString()).toBe('2026-03-09T06:00:00.000Z');
    // Santiago skips midnight itself on 2026-09-06: the day starts at 01:00.
    expect(timeOfDayIn(startOfDayIn('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('01:00');
  });

  it('moves dates by whole days and knows their weekday', () => {
    expect(addDaysToKey('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDaysToKey('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOfKey('2026-03-09')).toBe(1);
  });
});

describe('instantAt', () => {
  it('reads a typed date and time on the user’s clock, not the machine’s', () => {
    expect(instantAt('2026-01-14', '02:06', 'America/Denver').toISOString()).toBe('2026-01-14T09:06:00.000Z');
    expect(instantAt('2026-01-14', '02:06', 'America/New_York').toISOString()).toBe('2026-01-14T07:06:00.000Z');
    expect(instantAt('2026-07-14', '14:06', 'America/Denver').toISOString()).toBe('2026-07-14T20:06:00.000Z');
  });

  it('round-trips with timeOfDayIn and dateKeyIn', () => {
    const at = instantAt('2026-11-01', '09:30', 'America/Chicago');
    expect(dateKeyIn(at, 'America/Chicago')).toBe('2026-11-01');
    expect(timeOfDayIn(at, 'America/Chicago')).toBe('09:30');
  });
});

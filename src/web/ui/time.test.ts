import { describe, expect, it } from 'vitest';
import { atPatientsHome, formatDateTime, formatDay, formatMoment, formatTime, formatMonthDayTime, formatTimeWithZone, formatWeekdayDate } from './time';

// 2026-01-14 09:06Z: 2:06 AM in Denver, 4:06 AM in New York, 3:06 AM in Chicago.
const at = '2026-01-14T09:06:00.000Z';

describe('the web’s one time format', () => {
  it('reads an instant on the given zone’s clock, whatever the machine’s zone', () => {
    expect(formatTime(at, 'America/Denver')).toBe('2:06 AM');
    expect(formatTime(at, 'America/Chicago')).toBe('3:06 AM');
    expect(formatTime('2026-07-14T20:06:00Z', 'America/Denver')).toBe('2:06 PM');
    expect(formatTime('2026-07-14T06:05:00Z', 'America/Denver')).toBe('12:05 AM');
  });

  it('writes dates and times the same way on every page', () => {
    expect(formatDateTime(at, 'America/Denver')).toBe('Wed, Jan 14, 2:06 AM');
    expect(formatMoment(at, 'America/Denver')).toBe('Jan 14, 2026, 2:06 AM');
    expect(formatWeekdayDate(at, 'America/Denver')).toBe('Wed, Jan 14');
    expect(formatMonthDayTime(at, 'America/Denver')).toBe('Jan 14, 2:06 AM');
    expect(formatTimeWithZone(at, 'America/Denver')).toBe('2:06 AM MST');
    expect(formatTimeWithZone('2026-07-14T20:06:00Z', 'America/Denver')).toBe('2:06 PM MDT');
  });

  it('takes the day from the zone’s calendar', () => {
    // 05:30Z on the 15th is still the evening of the 14th in Denver.
    expect(formatDay('2026-01-15T05:30:00Z', 'America/Denver')).toBe('Jan 14, 2026');
    expect(formatDay('2026-01-15T05:30:00Z', 'Pacific/Auckland')).toBe('Jan 15, 2026');
  });
});

describe('atPatientsHome', () => {
  it('gives the patient’s clock when it reads differently', () => {
    expect(atPatientsHome(at, 'America/Denver', 'America/New_York')).toBe('4:06 AM EST at the patient’s home');
  });

  it('says nothing when both clocks agree or the patient’s zone is unknown', () => {
    expect(atPatientsHome(at, 'America/Denver', 'America/Denver')).toBeNull();
    // Arizona keeps MST all year: in January it agrees with Denver.
    expect(atPatientsHome(at, 'America/Denver', 'America/Phoenix')).toBeNull();
    expect(atPatientsHome(at, 'America/Denver', null)).toBeNull();
  });
});

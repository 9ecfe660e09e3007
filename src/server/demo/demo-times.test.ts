import { describe, expect, it } from 'vitest';
import { HOUR, laterToday, wallClock } from './demo-times';

describe('wallClock', () => {
  it('reads the given hour on the local clock, days from today there', () => {
    // 02:30 UTC on 10 July is still 9 July in Chicago (UTC-5 in summer).
    const now = new Date('2026-07-10T02:30:00Z');
    expect(wallClock(now, 'America/Chicago', 0, 9).toISOString()).toBe('2026-07-09T14:00:00.000Z');
    expect(wallClock(now, 'America/Chicago', -2, 14, 30).toISOString()).toBe('2026-07-07T19:30:00.000Z');
    expect(wallClock(now, 'America/New_York', 1, 10).toISOString()).toBe('2026-07-10T14:00:00.000Z');
  });

  it('keeps the local hour across a daylight-saving change', () => {
    // Clocks in Chicago go forward on 8 March 2026: 9:00 is 15:00 UTC before and 14:00 UTC after.
    const now = new Date('2026-03-07T18:00:00Z');
    expect(wallClock(now, 'America/Chicago', 0, 9).toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(wallClock(now, 'America/Chicago', 2, 9).toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });
});

describe('laterToday', () => {
  it('is the planned hour while that is more than an hour away, else two hours from now on the quarter hour', () => {
    const morning = new Date('2026-07-09T14:00:00Z'); // 9:00 in Chicago
    expect(laterToday(morning, 'America/Chicago', 16).toISOString()).toBe('2026-07-09T21:00:00.000Z');
    const evening = new Date('2026-07-10T00:10:00Z'); // 19:10 in Chicago
    const start = laterToday(evening, 'America/Chicago', 16);
    expect(start.toISOString()).toBe('2026-07-10T02:15:00.000Z');
    expect(start.getTime() - evening.getTime()).toBeGreaterThanOrEqual(2 * HOUR);
  });
});

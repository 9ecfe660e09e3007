import { describe, expect, it } from 'vitest';
import { formatVisitTime } from './reminder-time';

describe('formatVisitTime', () => {
  const at = new Date('2026-11-24T15:30:00Z');

  it.each([
    ['America/Chicago', 'Tue, Nov 24 at 9:30 AM CST'],
    ['America/New_York', 'Tue, Nov 24 at 10:30 AM EST'],
    ['America/Los_Angeles', 'Tue, Nov 24 at 7:30 AM PST'],
    ['America/Phoenix', 'Tue, Nov 24 at 8:30 AM MST'],
    ['Pacific/Honolulu', 'Tue, Nov 24 at 5:30 AM HST'],
  ])('shows the start on the wall clock of %s', (zone, expected) => {
    expect(formatVisitTime(at, zone)).toBe(expected);
  });

  it('names daylight time in summer and moves the date across midnight', () => {
    expect(formatVisitTime(new Date('2026-07-01T03:05:00Z'), 'America/Chicago')).toBe('Tue, Jun 30 at 10:05 PM CDT');
  });

  it('falls back to the default zone (Central) for a zone Intl does not know', () => {
    expect(formatVisitTime(at, 'Mars/Olympus_Mons')).toBe('Tue, Nov 24 at 9:30 AM CST');
  });
});

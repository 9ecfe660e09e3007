import { zoneOffset } from '../../domain/time-zones';

/** Times in the demo's stories, placed on the local clock of the agency's city so they read like a working week. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The instant that reads `hour:minute` in `timeZone` on the day `days` after `now`'s date there. */
export function wallClock(now: Date, timeZone: string, days: number, hour: number, minute = 0): Date {
  const today = new Date(now.getTime() + zoneOffset(now, timeZone));
  const asIfUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hour, minute);
  const first = asIfUtc - zoneOffset(new Date(asIfUtc), timeZone);
  // Across a daylight-saving change the offset at the answer differs from the one guessed with.
  return new Date(asIfUtc - zoneOffset(new Date(first), timeZone));
}

/** Later today at `hour` there, or, when that has passed (an evening start), two hours from now on the quarter hour. */
export function laterToday(now: Date, timeZone: string, hour: number): Date {
  const planned = wallClock(now, timeZone, 0, hour);
  if (planned.getTime() > now.getTime() + HOUR) return planned;
  return new Date(Math.ceil((now.getTime() + 2 * HOUR) / (15 * MINUTE)) * 15 * MINUTE);
}

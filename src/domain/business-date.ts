import { DEFAULT_TIME_ZONE } from './time-zones';

// One formatter per zone: making an Intl.DateTimeFormat costs about half a millisecond, and every
// referral post judges its candidates by today's date.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) in `timeZone` at `now`. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now = new Date()): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The one "today" every credential and license date is judged by, in the browser and on the
 * server alike: the date where the business runs (America/Chicago). A license whose last valid day
 * is before it is expired for onboarding, matching, confirming and checking in at once.
 */
export function businessToday(now = new Date()): string {
  return todayIn(DEFAULT_TIME_ZONE, now);
}

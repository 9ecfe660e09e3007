/**
 * Every instant the web shows, read on one clock: the viewer's time zone from /api/me (see
 * use-time-zone.ts), never the browser's. Calendar dates that are not instants (a referral's
 * start-by date, a license's expiry) are not formatted here; they stay date-only.
 *
 * Strings are assembled from parts, not taken from `format()`, whose separators (a narrow
 * no-break space before AM, "at" or a comma) differ between ICU versions and so between Node and
 * the browser.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsOf(iso: string | Date, timeZone: string): Parts {
  const parts = formatter(timeZone, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  return Object.fromEntries(parts.map((part) => [part.type, part.value])) as Parts;
}

const clock = (p: Parts) => `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;

/** "9:30 AM" */
export function formatTime(iso: string | Date, timeZone: string): string {
  return clock(partsOf(iso, timeZone));
}

/** "9:30 AM MST": for a time read next to another zone's. */
export function formatTimeWithZone(iso: string | Date, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${clock(p)} ${p.timeZoneName}`;
}

/** "Mon, Mar 4, 9:30 AM": a visit's start. */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  return `${formatWeekdayDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
}

/** "Mon, Mar 4": the day of a visit. */
export function formatWeekdayDate(iso: string | Date, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${p.weekday}, ${p.month} ${p.day}`;
}

/** "Mar 4, 9:30 AM": a moment near enough to now that the year goes without saying. */
export function formatMonthDayTime(iso: string | Date, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${p.month} ${p.day}, ${clock(p)}`;
}

/** "Mar 4, 2026, 9:30 AM": when something happened (a note signed, a message sent). */
export function formatMoment(iso: string | Date, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${p.month} ${p.day}, ${p.year}, ${clock(p)}`;
}

/** "Mar 4, 2026": the day an instant fell on, on the viewer's calendar. */
export function formatDay(iso: string | Date, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

/**
 * The same instant on the patient's clock, "4:06 PM EST at the patient's home", when it reads
 * differently from the viewer's; null when the two clocks agree or the patient's zone is unknown.
 */
export function atPatientsHome(iso: string | Date, viewerZone: string, patientZone: string | null): string | null {
  if (!patientZone) return null;
  const theirs = formatTimeWithZone(iso, patientZone);
  if (theirs === formatTimeWithZone(iso, viewerZone)) return null;
  return `${theirs} at the patient’s home`;
}

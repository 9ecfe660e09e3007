// Made on first use, not when the module loads: building it loads the browser's relative-time data,
// close to 100 ms on a phone, and the signed-in shell imports this module whether or not it shows a time.
let format: Intl.RelativeTimeFormat | undefined;

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday"… for a past ISO timestamp. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return (format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })).format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

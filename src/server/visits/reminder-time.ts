import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../../domain/notification-preferences';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A visit's start on the recipient's wall clock, as "Tue, Nov 24 at 9:30 AM CST". Assembled from
 * parts rather than taken from `format()`, whose separators differ between ICU versions. A zone
 * Intl does not know (a row saved before zones were validated) falls back to the default zone
 * rather than failing the reminder.
 */
export function formatVisitTime(at: Date, timeZone: string): string {
  const zone = canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  const parts = formatterFor(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('month')} ${part('day')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} ${part('timeZoneName')}`;
}

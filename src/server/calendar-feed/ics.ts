/**
 * An iCalendar (RFC 5545) writer for the few properties a published calendar of visits needs.
 * Written here rather than taken from a library: it is a page of code, the feed's tests read its
 * output with a maintained parser (ical.js), and every value goes through `escapeText` and `fold`.
 */

export interface IcsEvent {
  /** Stable per visit, so a calendar app updates the event instead of adding another. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  status: 'CONFIRMED' | 'CANCELLED';
  /** Raised on every change, so calendar apps replace their copy (RFC 5545 3.8.7.4). */
  sequence: number;
  lastModified: Date;
}

export interface IcsCalendar {
  /** PRODID: who wrote the calendar (RFC 5545 3.7.3). */
  productId: string;
  name: string;
  /** How often a calendar app should read it again, in minutes (REFRESH-INTERVAL, RFC 7986). */
  refreshMinutes: number;
  /** DTSTAMP of every event: when this copy was written. */
  stamp: Date;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A UTC date-time in the basic form RFC 5545 3.3.5 calls FORM #2: 20261125T150000Z. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. Other
 * control characters are not allowed in a TEXT value at all, so they are dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n')
    .replace(CONTROL, '');
}

/**
 * Folds a content line longer than 75 octets (RFC 5545 3.1): CRLF and one space before each
 * continuation. Octets, not characters: a folded line never splits a UTF-8 sequence (an em dash
 * is three), so the folds fall between characters.
 */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The continuation's leading space counts toward its 75.
  let limit = MAX_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcsEvent, stamp: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    // URL is a URI value, not TEXT: it is written as it is (RFC 5545 3.8.4.6).
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole calendar as an iCalendar object, lines folded and ended with CRLF. */
export function writeIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}

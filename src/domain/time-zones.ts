import { z } from 'zod';

/**
 * The one time rule: every user has an IANA time zone, stored once on their account, and every
 * instant shown to them (pages, mail, texts, "today") is read on that zone's clock. Server and
 * web share these helpers; they use nothing but Intl, so both get the same answer.
 */

/** The zone of an account that has not chosen one yet (they are asked once on the dashboard). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The zones offered first, before every other zone Intl knows. */
export const usTimeZones = [
  { id: 'America/New_York', label: 'Eastern (New York)' },
  { id: 'America/Chicago', label: 'Central (Chicago)' },
  { id: 'America/Denver', label: 'Mountain (Denver)' },
  { id: 'America/Phoenix', label: 'Arizona (Phoenix, no daylight saving)' },
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const;

export const timeZoneMessages = {
  invalid: 'Choose a valid time zone',
} as const;

/** The zone's canonical IANA name, or null when Intl does not know it (UTC offsets are refused too). */
export function canonicalTimeZone(value: string): string | null {
  if (!value || /^[+-]/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A zone as a form and the API take it: any zone Intl knows, stored under its canonical name. */
export const timeZoneSchema = z
  .string({ error: timeZoneMessages.invalid })
  .trim()
  .refine((value) => canonicalTimeZone(value) !== null, timeZoneMessages.invalid)
  .transform((value) => canonicalTimeZone(value) ?? value);

/** PUT /api/me/time-zone: the signed-in user's zone. */
export const timeZoneChoiceSchema = z.object({ timeZone: timeZoneSchema });
export type TimeZoneChoice = z.output<typeof timeZoneChoiceSchema>;

/** A zone to read with, falling back to the default for one Intl does not know (never throws). */
export function usableTimeZone(value: string | null | undefined): string {
  return (value && canonicalTimeZone(value)) || DEFAULT_TIME_ZONE;
}

/**
 * Every zone a user may choose: the US ones (with their labels), then the rest of Intl's list by
 * name. `current` (a saved or detected zone) is kept among them even when Intl lists it under
 * another name.
 */
export function timeZoneOptions(current?: string): { us: ZoneOption[]; other: ZoneOption[] } {
  const us = usTimeZones.map((zone) => ({ id: zone.id, label: zone.label }));
  const taken = new Set<string>(us.map((zone) => zone.id));
  const other = supportedTimeZones()
    .filter((id) => !taken.has(id))
    .map((id) => ({ id, label: id.replaceAll('_', ' ') }));
  if (current && !taken.has(current) && !other.some((zone) => zone.id === current)) other.unshift({ id: current, label: current.replaceAll('_', ' ') });
  return { us, other };
}

export interface ZoneOption {
  id: string;
  label: string;
}

function supportedTimeZones(): string[] {
  // Older engines lack supportedValuesOf; the US zones alone are still a complete choice there.
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? ['UTC', ...intl.supportedValuesOf('timeZone')] : ['UTC'];
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockParts(at: Date, timeZone: string) {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in milliseconds. */
export function zoneOffset(at: Date, timeZone: string): number {
  const p = wallClockParts(at, timeZone);
  const asIfUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asIfUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) that `at` falls on in `timeZone`. */
export function dateKeyIn(at: Date, timeZone: string): string {
  const p = wallClockParts(at, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * The instant `dateKey` (YYYY-MM-DD) begins in `timeZone`. Two passes settle the offset across a
 * daylight-saving change; where midnight does not exist that day, the first minute that does.
 */
export function startOfDayIn(dateKey: string, timeZone: string): Date {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  const asIfUtc = Date.UTC(year, month - 1, day);
  const first = asIfUtc - zoneOffset(new Date(asIfUtc), timeZone);
  const settled = asIfUtc - zoneOffset(new Date(first), timeZone);
  // A skipped midnight lands on the previous day's 23:00; the day then starts an hour later.
  return dateKeyIn(new Date(settled), timeZone) === dateKey ? new Date(settled) : new Date(first);
}

/** `dateKey` moved by `days` calendar days. */
export function addDaysToKey(dateKey: string, days: number): string {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The day of the week of `dateKey`, 0 for Sunday. */
export function weekdayOfKey(dateKey: string): number {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * The instant a wall clock in `timeZone` reads `time` (HH:MM) on `dateKey`: how a date and time a
 * user types become a visit's start. A time skipped by a daylight-saving change reads as the hour
 * after it; a time that happens twice, as its first.
 */
export function instantAt(dateKey: string, time: string, timeZone: string): Date {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asIfUtc - zoneOffset(new Date(asIfUtc), timeZone);
  const second = asIfUtc - zoneOffset(new Date(first), timeZone);
  return new Date(Math.min(first, second));
}

/** The wall-clock time (HH:MM, 24-hour) of `at` in `timeZone`. */
export function timeOfDayIn(at: Date, timeZone: string): string {
  const p = wallClockParts(at, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

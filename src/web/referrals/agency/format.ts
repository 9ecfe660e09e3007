import type { AgencyReferral } from '../../../domain/referrals';
import { formatMoment as formatInstant } from '../../ui/time';

// Calendar dates (start-by, license expiry) carry no time zone: read and shown as UTC, so the
// viewer's zone cannot move "2026-03-05" to March 4.
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A calendar date "2026-03-05" as "Mar 5, 2026"; anything unreadable as it came. */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

/** A moment as "Mar 5, 2026, 2:30 PM" in the viewer's time zone (useTimeZone). */
export function formatMoment(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatInstant(date, timeZone);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Minutes from posting to the match, as people say it: "12 minutes", "3 hours 5 minutes", "2 days 4 hours". */
export function formatFillTime(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 1) return 'under a minute';
  if (whole < 60) return plural(whole, 'minute');
  const hours = Math.floor(whole / 60);
  if (hours < 24) {
    const rest = whole % 60;
    return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(restHours, 'hour')}`;
}

export const countLabel = plural;

/** "Austin, TX 78701": the coarse place every referral shows (never an address). */
export function placeLabel(place: Pick<AgencyReferral['place'], 'zip' | 'city' | 'state'>): string {
  return place.city ? `${place.city}, ${place.state} ${place.zip}` : place.zip;
}

/** "Initial Evaluation × 1, Treatment Session × 8" */
export function servicesLabel(services: ReadonlyArray<{ name: string; visitCount: number }>): string {
  return services.map((service) => `${service.name} × ${service.visitCount}`).join(', ');
}

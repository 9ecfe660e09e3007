import type { ReferralStatus, ResponseStatus, TherapistReferral } from '../../../domain/referrals';
import { formatMonthDayTime } from '../../ui/time';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A calendar date (YYYY-MM-DD, such as the start-by date) as people read it. Read in UTC so the day
 * does not slip back one in time zones west of Greenwich.
 */
export function calendarDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** An instant (ISO timestamp) in the viewer's time zone (useTimeZone), e.g. "Mar 5, 3:00 PM". */
export function moment(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatMonthDayTime(date, timeZone);
}

export function distanceText(miles: number | null): string {
  if (miles === null) return 'Distance unknown';
  return `${miles.toFixed(1)} ${miles === 1 ? 'mile' : 'miles'} away`;
}

/** "Austin, TX 78704": the coarse place, all that is shared before a match. */
export function placeText(place: { city: string; state: string; zip: string }): string {
  return place.city ? `${place.city}, ${place.state} ${place.zip}` : `ZIP ${place.zip}`;
}

/** "Offer open until Mar 5, 3:00 PM", or that it has closed. */
export function offerExpiryText(expiresAt: string | null, timeZone: string, now = Date.now()): string | null {
  if (!expiresAt) return null;
  return new Date(expiresAt).getTime() <= now ? 'Offer closed' : `Offer open until ${moment(expiresAt, timeZone)}`;
}

export const referralStatusLabels: Record<ReferralStatus, string> = {
  draft: 'Draft',
  posted: 'Open',
  matched: 'Matched',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** The therapist's own response, in their words. */
export const responseStatusLabels: Record<ResponseStatus, string> = {
  accepted: 'You accepted',
  rate_requested: 'You asked for a higher rate',
  countered: 'The agency made a counter offer',
  declined: 'You declined',
  withdrawn: 'You withdrew your response',
  confirmed: 'You were matched',
  not_selected: 'Filled by another therapist',
};

/**
 * Where a referral stands for this therapist, which decides what the page offers:
 * open (may respond), matched to me, filled by someone else, cancelled, expired, or otherwise
 * closed (taken back to draft by the agency).
 */
export type ReferralOutcome = 'open' | 'matched_to_me' | 'filled' | 'cancelled' | 'expired' | 'closed';

export function referralOutcome(referral: Pick<TherapistReferral, 'status' | 'matchedToMe' | 'myResponse'>): ReferralOutcome {
  if (referral.matchedToMe) return 'matched_to_me';
  if (referral.myResponse?.status === 'not_selected') return 'filled';
  switch (referral.status) {
    case 'posted':
      return 'open';
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    case 'draft':
      return 'closed';
    default:
      return 'filled';
  }
}

/** The responses still in the running, which the therapist may withdraw before the match. */
export const withdrawableStatuses: readonly ResponseStatus[] = ['accepted', 'rate_requested', 'countered', 'declined'];

import { z } from 'zod';
import type { CareClockItem } from './care-clock-items';
import { careClockViewSchema } from './care-clock-view';
import { byDeadline } from './care-clocks';

/**
 * "Care deadlines" on the Schedule (GET /api/care-clocks): the care clock items of all the caller's
 * referrals in one list — every overdue and due-soon item, and the upcoming ones due within the
 * horizon — most pressing first, at most `CARE_DEADLINES_LIMIT` of them with the count of all.
 */

/** Upcoming items further away than this are left to the referral's own care clocks. */
export const CARE_DEADLINES_HORIZON_DAYS = 14;
/** The most one answer lists, so no account's list (or page) grows without bound. */
export const CARE_DEADLINES_LIMIT = 50;

const DAY = 86_400_000;

export const careDeadlineSchema = careClockViewSchema.extend({
  /**
   * The referral it is due on: its reference and coarse place (the city and state of the patient's
   * ZIP), never the patient; `viewable` when the caller may open its page (its agency, its matched
   * therapist), not a supervising therapist who reaches only the assistant's note.
   */
  referral: z.object({ id: z.string(), reference: z.string(), city: z.string(), state: z.string(), viewable: z.boolean() }),
  /** For the matched therapist: the referral page's schedule form offers the visit that meets it. */
  bookable: z.boolean(),
});
export type CareDeadline = z.infer<typeof careDeadlineSchema>;

export const careDeadlinesSchema = z.object({
  /** Most pressing first (earliest deadline first), at most `limit`. */
  items: z.array(careDeadlineSchema),
  /** How many the caller has in the window, listed or not. */
  total: z.number().int(),
  limit: z.number().int(),
  horizonDays: z.number().int(),
});
export type CareDeadlines = z.infer<typeof careDeadlinesSchema>;

/** Overdue and due soon always; upcoming only when due within the horizon. */
export function isInCareDeadlines(item: Pick<CareClockItem, 'state' | 'dueBy'>, now: Date): boolean {
  return item.state !== 'upcoming' || item.dueBy.getTime() <= now.getTime() + CARE_DEADLINES_HORIZON_DAYS * DAY;
}

/**
 * The entries (an item with its referral's reference number) in the window, most pressing first by
 * the care clocks' own order, two deadlines at the same instant in reference order; the first
 * `limit` of them and how many there are in all.
 */
export function mostPressingCareDeadlines<T extends { item: CareClockItem; referenceNumber: number }>(
  entries: readonly T[],
  now: Date,
  limit = CARE_DEADLINES_LIMIT,
): { shown: T[]; total: number } {
  const due = entries.filter((entry) => isInCareDeadlines(entry.item, now)).sort((a, b) => byDeadline(a.item, b.item) || a.referenceNumber - b.referenceNumber);
  return { shown: due.slice(0, limit), total: due.length };
}

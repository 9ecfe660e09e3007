import type { Db } from '../db/client';
import { dueRatings } from './queries';
import { ratingLink } from './prompt-sweep';

/** More than anyone has due at once; the count is exact below it. */
const COUNTED = 1000;

/** Where the list of several leads: the referrals a rating can be due on (matched and closed ones). */
const lists = { agency: '/dashboard/agency/referrals', therapist: '/dashboard/therapist/referrals?view=mine' } as const;

/**
 * "N ratings to give" in the user's "Needs your attention": ratings due on their referrals and not
 * given, read fresh (the line goes the moment they rate). One leads to its referral's rating card.
 */
export async function ratingsDueLine(db: Db, userId: string, role: 'agency' | 'therapist'): Promise<{ count: number; link: string }> {
  const due = await dueRatings(db, new Date(), { userId, limit: COUNTED });
  const [first] = due;
  return { count: due.length, link: due.length === 1 && first ? ratingLink(role, first.referralId, first.period) : lists[role] };
}

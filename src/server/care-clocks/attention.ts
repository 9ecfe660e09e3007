import { careAttentionOf } from '../../domain/care-clock-attention';
import type { Db } from '../db/client';
import { clocksOf } from './clocks';
import { careFactsOfParty } from './queries';

const referralPage = { agency: '/dashboard/agency/referrals', therapist: '/dashboard/therapist/referrals' } as const;
// The Schedule's "Care deadlines" (GET /api/care-clocks) lists every item these lines count.
const lists = { agency: '/dashboard/agency/schedule#care-deadlines', therapist: '/dashboard/therapist/schedule#care-deadlines' } as const;

export interface CareAttentionLine {
  count: number;
  link: string;
}

/**
 * "N care deadlines overdue" and "N care deadlines due soon" for the user's referrals (the agency's
 * own, or those the therapist takes part in), computed fresh from their visits. A line whose items
 * are all on one referral leads to its care clocks; otherwise to the care deadlines on the Schedule.
 */
export async function careAttentionLines(db: Db, userId: string, role: 'agency' | 'therapist', now = new Date()) {
  const found = { overdue: new Map<string, number>(), due_soon: new Map<string, number>() };
  // A therapist who takes part without being matched (the supervising PT or OT) has no page for the
  // referral: their line leads to the Schedule's list, whose items lead on (a co-signature to its visit).
  const withoutPage = new Set<string>();
  for (const facts of await careFactsOfParty(db, userId, { as: role })) {
    if (role === 'therapist' && facts.matchedTherapistId !== userId) withoutPage.add(facts.referral.id);
    for (const item of clocksOf(facts, now)) {
      const attention = careAttentionOf(item);
      if (attention) found[attention].set(facts.referral.id, (found[attention].get(facts.referral.id) ?? 0) + 1);
    }
  }
  const lineOf = (byReferral: Map<string, number>): CareAttentionLine => {
    const count = [...byReferral.values()].reduce((sum, n) => sum + n, 0);
    const [only] = byReferral.keys();
    return { count, link: byReferral.size === 1 && only && !withoutPage.has(only) ? `${referralPage[role]}/${only}#care-clocks` : lists[role] };
  };
  return { overdue: lineOf(found.overdue), dueSoon: lineOf(found.due_soon) };
}

import type { ReferralStatus } from './referrals';

/**
 * A referral's lifecycle, shared by the server (which enforces it) and the web (which offers only
 * what it allows). Pure: no I/O.
 *
 * draft → posted → matched → in_progress (first visit) → completed (last ordered visit approved);
 * a draft or a posted referral can be cancelled, a posted one expires when its offer window closes.
 */
export const REFERRAL_MOVES: Readonly<Record<ReferralStatus, readonly ReferralStatus[]>> = {
  draft: ['posted', 'cancelled'],
  posted: ['matched', 'cancelled', 'expired'],
  matched: ['in_progress'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
  expired: [],
};

export function canMoveReferral(from: ReferralStatus, to: ReferralStatus): boolean {
  return REFERRAL_MOVES[from].includes(to);
}

/** Its fields can be edited until it is matched (a posted one's newly eligible therapists are offered it). */
export const isReferralEditable = (status: ReferralStatus): boolean => status === 'draft' || status === 'posted';

/** The agency can cancel it until it is matched. */
export const isReferralCancellable = (status: ReferralStatus): boolean => canMoveReferral(status, 'cancelled');

/** Therapists can answer it, and the agency confirm or counter answers, only while it is posted. */
export const isReferralOpen = (status: ReferralStatus): boolean => status === 'posted';

/** Matched and not yet closed: the patient's details and the visits are in use. */
export const isReferralActive = (status: ReferralStatus): boolean => status === 'matched' || status === 'in_progress';

/** The responses the agency can confirm (match): an acceptance, or a rate request at the rates asked. */
export const isResponseConfirmable = (status: string): boolean => status === 'accepted' || status === 'rate_requested';

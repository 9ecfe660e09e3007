import { canMoveReferral, isReferralEditable, isReferralOpen, isResponseConfirmable } from '../../domain/referral-lifecycle';
import type { ReferralStatus } from '../../domain/referrals';

/**
 * What may be done to a referral in its current state, and the words a refusal is answered with
 * (a 409: the caller may see the referral, it is only in the wrong state for this). Pure: the
 * caller has already loaded the referral scoped to the actor (the agency's own, or one the
 * therapist was offered), so "not theirs" never reaches here.
 */

export type Decision = { allowed: true } | { allowed: false; message: string };

const allow: Decision = { allowed: true };
const refuse = (message: string): Decision => ({ allowed: false, message });

export const FILLED_OR_CLOSED = 'This referral has already been filled or closed.';
export const OFFER_EXPIRED = 'This referral’s offer has expired.';

interface ReferralState {
  status: ReferralStatus;
  expiresAt: Date | null;
}

const hasExpired = (referral: ReferralState, now: Date) => referral.expiresAt !== null && referral.expiresAt <= now;

export function canEditReferral(referral: ReferralState): Decision {
  return isReferralEditable(referral.status) ? allow : refuse('This referral can no longer be edited: it has been matched or closed.');
}

export function canPostReferral(referral: ReferralState): Decision {
  return referral.status === 'draft' ? allow : refuse(`Only a draft can be posted; this referral is already ${referral.status}.`);
}

export function canCancelReferral(referral: ReferralState): Decision {
  return canMoveReferral(referral.status, 'cancelled') ? allow : refuse(`This referral is ${referral.status} and can no longer be cancelled.`);
}

/** The agency confirms an acceptance or a rate request of a posted referral whose offer is still open. */
export function canConfirmResponse(referral: ReferralState, response: { status: string }, now = new Date()): Decision {
  if (!isReferralOpen(referral.status)) return refuse(FILLED_OR_CLOSED);
  if (hasExpired(referral, now)) return refuse(OFFER_EXPIRED);
  if (!isResponseConfirmable(response.status)) {
    return refuse(`Only an acceptance or a rate request can be confirmed; this response is ${response.status.replace('_', ' ')}.`);
  }
  return allow;
}

/** The agency counters a rate request (or its own counter) while the referral is posted. */
export function canCounterResponse(referral: ReferralState, response: { status: string }): Decision {
  if (!isReferralOpen(referral.status)) return refuse(FILLED_OR_CLOSED);
  if (response.status !== 'rate_requested' && response.status !== 'countered') return refuse('Only a rate request can be countered.');
  return allow;
}

/** A therapist answers (accepts, asks more, declines, withdraws, takes a counter) while the offer is open. */
export function canAnswerReferral(referral: ReferralState, now = new Date()): Decision {
  if (!isReferralOpen(referral.status)) {
    const filled = referral.status === 'matched' || referral.status === 'in_progress' || referral.status === 'completed';
    return refuse(filled ? 'This referral has already been filled.' : `This referral is ${referral.status}.`);
  }
  if (hasExpired(referral, now)) return refuse(OFFER_EXPIRED);
  return allow;
}

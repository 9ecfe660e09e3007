import { isReferralActive } from '../../domain/referral-lifecycle';
import { canListReferralVisits, type VisitAccess, type VisitActor, type VisitReferral } from '../visits/policy';

/**
 * Who may see and change a referral's orders. Pure, like the visits' policy it builds on: the same
 * two parties see them (anyone else is `no_access`, answered 404); the matched therapist proposes,
 * the agency approves or returns, each at aal2 and while the referral is active.
 */

export function canReadOrders(actor: VisitActor, referral: VisitReferral | null): VisitAccess {
  return canListReferralVisits(actor, referral);
}

export function canChangeOrders(actor: VisitActor, referral: VisitReferral | null, as: 'agency' | 'therapist'): VisitAccess {
  const access = canListReferralVisits(actor, referral);
  if (!access.allowed || !referral) return access;
  if (access.as !== as) return { allowed: false, reason: 'not_allowed' };
  if (actor.aal !== 'aal2') return { allowed: false, reason: 'mfa_required' };
  if (!isReferralActive(referral.status)) return { allowed: false, reason: 'referral_closed' };
  return access;
}

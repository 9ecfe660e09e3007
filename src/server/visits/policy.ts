import { isReferralActive } from '../../domain/referral-lifecycle';
import type { ReferralStatus } from '../../domain/referrals';
import { VISIT_CHANGES, type VisitChange } from '../../domain/visit-lifecycle';

export type { VisitChange };
import type { VisitStatus } from '../../domain/visits';
import type { Actor } from '../auth/session';

/**
 * Who may see and change visits. Pure: the caller loads the referral or visit scoped to the actor
 * (so `null` also means "not theirs") and turns a denial into the answer. Visits are PHI-adjacent:
 * only the referral's agency and its matched therapist see them, anyone else is refused as
 * `no_access` (answered 404) before the second factor is considered.
 *
 * - Schedule (and plan): the matched therapist while the referral is matched or in progress.
 * - Reschedule, check in, check out: the visit's therapist. Cancel, mark missed: either party.
 * - Lists (summaries) need approval only; details and every change need aal2.
 */

export type VisitActor = Pick<Actor, 'userId' | 'aal' | 'account'>;
export type VisitDenial = 'no_access' | 'not_allowed' | 'mfa_required' | 'referral_closed' | 'wrong_status';
export type VisitAccess = { allowed: true; as: 'agency' | 'therapist' } | { allowed: false; reason: VisitDenial };

export interface VisitReferral {
  agencyId: string;
  status: ReferralStatus;
  matchedTherapistId: string | null;
}

export interface PolicyVisit {
  agencyId: string;
  therapistId: string;
  status: VisitStatus;
}

const deny = (reason: VisitDenial): VisitAccess => ({ allowed: false, reason });

function partyOf(actor: VisitActor, sides: { agencyId: string; therapistId: string | null } | null): 'agency' | 'therapist' | null {
  if (!sides || !actor.account || actor.account.status !== 'approved') return null;
  if (actor.account.userType === 'agency' && sides.agencyId === actor.userId) return 'agency';
  if (actor.account.userType === 'therapist' && sides.therapistId === actor.userId) return 'therapist';
  return null;
}

/** Seeing a referral's visits (summaries): its agency, or its matched therapist. */
export function canListReferralVisits(actor: VisitActor, referral: VisitReferral | null): VisitAccess {
  const party = partyOf(actor, referral && { agencyId: referral.agencyId, therapistId: referral.matchedTherapistId });
  if (!party) return deny('no_access');
  return { allowed: true, as: party };
}

/** Scheduling (and planning) a referral's visits: the matched therapist of an active referral, at aal2. */
export function canScheduleVisits(actor: VisitActor, referral: VisitReferral | null): VisitAccess {
  const access = canListReferralVisits(actor, referral);
  if (!access.allowed || !referral) return access;
  if (access.as !== 'therapist') return deny('not_allowed');
  if (actor.aal !== 'aal2') return deny('mfa_required');
  if (!isReferralActive(referral.status)) return deny('referral_closed');
  return access;
}

/** A visit's details: either party, at aal2. */
export function canReadVisit(actor: VisitActor, visit: PolicyVisit | null): VisitAccess {
  const party = partyOf(actor, visit);
  if (!party) return deny('no_access');
  if (actor.aal !== 'aal2') return deny('mfa_required');
  return { allowed: true, as: party };
}

/** A change to a visit: the side allowed to make it, at aal2, from the status it starts from. */
export function canChangeVisit(actor: VisitActor, visit: PolicyVisit | null, change: VisitChange): VisitAccess {
  const access = canReadVisit(actor, visit);
  if (!access.allowed || !visit) return access;
  const rule = VISIT_CHANGES[change];
  if (!rule.by.includes(access.as)) return deny('not_allowed');
  if (rule.from !== visit.status) return deny('wrong_status');
  return access;
}

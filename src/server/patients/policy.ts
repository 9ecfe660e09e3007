import type { ReferralStatus } from '../../domain/referrals';
import type { Actor } from '../auth/session';

/**
 * Who may see and change a referral's patient details (PHI). Pure: the caller loads the referral
 * (scoped to the actor, so `null` also means "not theirs") and turns a refusal into the answer.
 *
 * - Read: the referral's agency, at any status; the matched therapist while the referral is
 *   matched or in progress (closing it ends their access).
 * - Write: the referral's agency while matched or in progress.
 * Both need an approved account and a second factor verified in this session (aal2). Anyone else is
 * refused as `no_access` before the second factor is considered, so the answer to someone without
 * access never hints that the record exists.
 */

export interface PatientReferral {
  agencyId: string;
  status: ReferralStatus;
  matchedTherapistId: string | null;
}

export type PatientActor = Pick<Actor, 'userId' | 'aal' | 'account'>;

export type PatientDenial =
  /** Not the agency or the matched therapist, not approved, or no such referral. */
  | 'no_access'
  /** The matched therapist after the referral closed; or a write to a closed referral. */
  | 'referral_closed'
  /** Allowed, but no second factor in this session. */
  | 'mfa_required'
  /** The agency, before a therapist is matched (writes only). */
  | 'before_match';

export type PatientAccess = { allowed: true; as: 'agency' | 'therapist' } | { allowed: false; reason: PatientDenial };

const ACTIVE: readonly ReferralStatus[] = ['matched', 'in_progress'];
const BEFORE_MATCH: readonly ReferralStatus[] = ['draft', 'posted'];

const deny = (reason: PatientDenial): PatientAccess => ({ allowed: false, reason });

/** Which side of the referral the actor is on, if any. */
function partyOf(actor: PatientActor, referral: PatientReferral | null): 'agency' | 'therapist' | null {
  if (!referral || !actor.account || actor.account.status !== 'approved') return null;
  if (actor.account.userType === 'agency' && referral.agencyId === actor.userId) return 'agency';
  if (actor.account.userType === 'therapist' && referral.matchedTherapistId === actor.userId) return 'therapist';
  return null;
}

export function canReadPatient(actor: PatientActor, referral: PatientReferral | null): PatientAccess {
  const party = partyOf(actor, referral);
  if (!party || !referral) return deny('no_access');
  if (party === 'therapist' && !ACTIVE.includes(referral.status)) return deny(BEFORE_MATCH.includes(referral.status) ? 'no_access' : 'referral_closed');
  if (actor.aal !== 'aal2') return deny('mfa_required');
  return { allowed: true, as: party };
}

export function canWritePatient(actor: PatientActor, referral: PatientReferral | null): PatientAccess {
  const party = partyOf(actor, referral);
  if (party !== 'agency' || !referral) return deny('no_access');
  const beforeMatch = BEFORE_MATCH.includes(referral.status);
  if (!beforeMatch && !ACTIVE.includes(referral.status)) return deny('referral_closed');
  if (actor.aal !== 'aal2') return deny('mfa_required');
  if (beforeMatch) return deny('before_match');
  return { allowed: true, as: 'agency' };
}

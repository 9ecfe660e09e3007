import { mfaRequired } from '../auth/guards';
import { AppError } from '../errors';
import type { VisitDenial } from './policy';

export const VISIT_ENTITY = 'visit';

export const VISIT_NOT_FOUND = 'No visit found.';
export const REFERRAL_NOT_FOUND = 'No referral found.';

/** The error a policy denial is answered with: 404 whenever the caller may not know more than that. */
export function denialError(reason: VisitDenial, what: { entity: 'visit' | 'referral'; status?: string; notAllowed?: string }): AppError {
  switch (reason) {
    case 'mfa_required':
      return mfaRequired();
    case 'not_allowed':
      return new AppError('FORBIDDEN', what.notAllowed ?? 'Only the matched therapist can do this.');
    case 'referral_closed':
      return new AppError('CONFLICT', 'This referral is closed: its visits can no longer be scheduled.');
    case 'wrong_status':
      return new AppError('CONFLICT', `This visit is ${what.status?.replace('_', ' ') ?? 'closed'}: it cannot be changed that way now.`);
    default:
      return new AppError('NOT_FOUND', what.entity === 'visit' ? VISIT_NOT_FOUND : REFERRAL_NOT_FOUND);
  }
}

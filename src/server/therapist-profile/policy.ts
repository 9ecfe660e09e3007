import { therapistProfileMessages } from '../../domain/therapist-profile';
import { requireAal2 } from '../auth/guards';
import type { Actor } from '../auth/session';
import { AppError } from '../errors';

/**
 * Who may read a therapist's profile: an approved agency, for a therapist who answered one of its
 * referrals or worked with it (checked against its own referrals by the service); a manager, any
 * therapist, at aal2 as everywhere in the admin area. Returns the agency the view is scoped to
 * (null for a manager). Pure.
 */
export function profileReader(actor: Actor): { agencyId: string | null } {
  if (actor.account?.status !== 'approved') throw new AppError('FORBIDDEN', 'You do not have access to this.');
  if (actor.account.userType === 'agency') return { agencyId: actor.userId };
  if (actor.account.userType === 'manager') {
    requireAal2(actor);
    return { agencyId: null };
  }
  throw new AppError('FORBIDDEN', 'You do not have access to this.');
}

/** A therapist the agency has not worked with is answered like one that does not exist. */
export const profileNotFound = () => new AppError('NOT_FOUND', therapistProfileMessages.notFound);

/** The therapist's own details: any therapist account, whatever its review status (onboarding asks them). */
export function ownProfileDetails(actor: Pick<Actor, 'account'>): void {
  if (actor.account?.userType !== 'therapist') throw new AppError('FORBIDDEN', 'Only therapists have profile details.');
}

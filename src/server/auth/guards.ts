import type { UserType } from '../../domain/accounts';
import { AppError } from '../errors';
import type { Actor } from './session';

/**
 * Pure checks on the signed-in actor, used by routes after `requireActor`. Each throws the error
 * the client should see; none touches the database.
 */

/** The account exists and a manager has approved it (pending and rejected accounts see only their status). */
export function requireApproved(actor: Actor): asserts actor is Actor & { account: NonNullable<Actor['account']> } {
  if (!actor.account) throw new AppError('FORBIDDEN', 'Complete onboarding first.');
  if (actor.account.status !== 'approved') {
    throw new AppError('FORBIDDEN', `Your account is ${actor.account.status}. This is available once it is approved.`);
  }
}

export function requireUserType(actor: Actor, ...types: UserType[]) {
  if (!actor.account || !types.includes(actor.account.userType)) {
    throw new AppError('FORBIDDEN', 'You do not have access to this.');
  }
}

/** The answer to a request that needs a second factor verified in this session. */
export const mfaRequired = () =>
  new AppError('MFA_REQUIRED', 'Verify with your second factor to continue. If you have none yet, set one up in Security settings.');

/** A second factor was verified in this session. */
export function requireAal2(actor: Actor) {
  if (actor.aal !== 'aal2') throw mfaRequired();
}

/** Managers reach the admin area only approved and at aal2. */
export function requireManagerAal2(actor: Actor) {
  requireUserType(actor, 'manager');
  requireApproved(actor);
  requireAal2(actor);
}

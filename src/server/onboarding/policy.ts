import type { AccountStatus } from '../../domain/accounts';
import { onboardingMessages, type OnboardingUserType } from '../../domain/onboarding';
import type { Actor } from '../auth/session';
import { AppError } from '../errors';

/**
 * Who may use onboarding: any agency or therapist account, whatever its review status (pending
 * and rejected users complete their profile and then see their status). Managers do not onboard.
 * Returns the account onboarding acts on; a request body never chooses the user type.
 */
export function onboardingAccount(actor: Pick<Actor, 'account'>): { userType: OnboardingUserType; status: AccountStatus } {
  // No account record yet (social sign-in): the user must first choose agency or therapist, a
  // step built with social sign-in.
  if (!actor.account) throw new AppError('CONFLICT', onboardingMessages.noAccount);
  if (actor.account.userType === 'manager') throw new AppError('FORBIDDEN', onboardingMessages.managers);
  return { userType: actor.account.userType, status: actor.account.status };
}

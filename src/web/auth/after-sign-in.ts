import type { Me } from '../api/auth';
import { onboardingPath, verifyPath } from '../mfa/safe-next';

/** What a fresh sign-in does before it reaches `next`: one step at a time, in the server's order. */
export type AfterSignIn = { kind: 'go'; to: string } | { kind: 'offer-two-step' };

/**
 * The second factor comes first (the server refuses everything else until it is passed), then
 * onboarding for a user without an account record, then, for a user with no factor yet, the offer
 * to set one up, once per session, so the wall before patient details is not met mid-task.
 */
export function afterSignIn(me: Pick<Me, 'aal' | 'nextLevel' | 'account'>, next: string, offeredThisSession: boolean): AfterSignIn {
  if (me.nextLevel === 'aal2' && me.aal === 'aal1') return { kind: 'go', to: verifyPath(next) };
  if (!me.account) return { kind: 'go', to: onboardingPath(next) };
  if (me.nextLevel === 'aal1' && !offeredThisSession) return { kind: 'offer-two-step' };
  return { kind: 'go', to: next };
}

// Per tab, like the session the user just started there; a new sign-in clears it.
const OFFERED_KEY = 'carerelay.twoStepOffered';

/** Called as a sign-in starts: the new session has not been offered a second factor yet. */
export function forgetTwoStepOffer(): void {
  try {
    window.sessionStorage.removeItem(OFFERED_KEY);
  } catch {
    // Blocked storage (privacy settings) only means the offer may show again.
  }
}

export function rememberTwoStepOffer(): void {
  try {
    window.sessionStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // See forgetTwoStepOffer.
  }
}

export function wasTwoStepOffered(): boolean {
  try {
    return window.sessionStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return false;
  }
}

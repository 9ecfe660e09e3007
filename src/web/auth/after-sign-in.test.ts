import { describe, expect, it } from 'vitest';
import { afterSignIn } from './after-sign-in';

const next = '/dashboard/therapist/referrals/42';
const therapist = { userType: 'therapist', status: 'approved' } as const;

describe('afterSignIn', () => {
  it('asks for the second factor first, and comes back to next', () => {
    expect(afterSignIn({ aal: 'aal1', nextLevel: 'aal2', account: therapist }, next, false)).toEqual({
      kind: 'go',
      to: '/verify?next=/dashboard/therapist/referrals/42',
    });
    expect(afterSignIn({ aal: 'aal1', nextLevel: 'aal2', account: null }, next, false)).toEqual({
      kind: 'go',
      to: '/verify?next=/dashboard/therapist/referrals/42',
    });
  });

  it('sends a user without an account record through onboarding, keeping next', () => {
    expect(afterSignIn({ aal: 'aal1', nextLevel: 'aal1', account: null }, next, false)).toEqual({
      kind: 'go',
      to: '/onboarding?next=/dashboard/therapist/referrals/42',
    });
  });

  it('offers a second factor to a user without one, once per session', () => {
    expect(afterSignIn({ aal: 'aal1', nextLevel: 'aal1', account: therapist }, next, false)).toEqual({ kind: 'offer-two-step' });
    expect(afterSignIn({ aal: 'aal1', nextLevel: 'aal1', account: therapist }, next, true)).toEqual({ kind: 'go', to: next });
  });

  it('goes straight to next once the session is verified', () => {
    expect(afterSignIn({ aal: 'aal2', nextLevel: 'aal2', account: therapist }, next, false)).toEqual({ kind: 'go', to: next });
  });
});

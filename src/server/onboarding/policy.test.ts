import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/session';
import { onboardingAccount } from './policy';

const actor = (account: Actor['account']) => ({ account });

describe('who may onboard', () => {
  it('therapists and agencies, pending, approved or rejected', () => {
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      expect(onboardingAccount(actor({ userType: 'therapist', status }))).toEqual({ userType: 'therapist', status });
      expect(onboardingAccount(actor({ userType: 'agency', status }))).toEqual({ userType: 'agency', status });
    }
  });

  it('not managers', () => {
    expect(() => onboardingAccount(actor({ userType: 'manager', status: 'approved' }))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });

  it('not a user who has not chosen agency or therapist yet', () => {
    expect(() => onboardingAccount(actor(null))).toThrow(
      expect.objectContaining({ code: 'CONFLICT', message: 'Choose agency or therapist first' }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { canUseDocumentation, type DocumentationActor } from './policy';

const visit = { agencyId: 'agency-1', therapistId: 'therapist-1', status: 'completed' as const };
const actor = (userId: string, userType: 'agency' | 'therapist' | 'manager', aal: 'aal1' | 'aal2' = 'aal2'): DocumentationActor => ({
  userId,
  aal,
  account: { userType, status: 'approved' },
});

describe('canUseDocumentation', () => {
  it('lets the agency and the therapist read at aal2, each on their own side', () => {
    expect(canUseDocumentation(actor('agency-1', 'agency'), visit, 'either')).toEqual({ allowed: true, as: 'agency' });
    expect(canUseDocumentation(actor('therapist-1', 'therapist'), visit, 'therapist')).toEqual({ allowed: true, as: 'therapist' });
    expect(canUseDocumentation(actor('agency-1', 'agency'), visit, 'agency')).toEqual({ allowed: true, as: 'agency' });
  });
  it('refuses the other side’s action as no access, before the second factor', () => {
    expect(canUseDocumentation(actor('agency-1', 'agency', 'aal1'), visit, 'therapist')).toEqual({ allowed: false, reason: 'no_access' });
    expect(canUseDocumentation(actor('therapist-1', 'therapist'), visit, 'agency')).toEqual({ allowed: false, reason: 'no_access' });
  });
  it('asks the parties for a second factor at aal1', () => {
    expect(canUseDocumentation(actor('therapist-1', 'therapist', 'aal1'), visit, 'either')).toEqual({ allowed: false, reason: 'mfa_required' });
  });
  it('refuses strangers, managers, unapproved accounts and missing visits', () => {
    expect(canUseDocumentation(actor('agency-2', 'agency'), visit, 'either').allowed).toBe(false);
    expect(canUseDocumentation(actor('agency-1', 'manager'), visit, 'either').allowed).toBe(false);
    expect(canUseDocumentation({ userId: 'agency-1', aal: 'aal2', account: { userType: 'agency', status: 'pending' } }, visit, 'either').allowed).toBe(false);
    expect(canUseDocumentation(actor('agency-1', 'agency'), null, 'either').allowed).toBe(false);
  });
});

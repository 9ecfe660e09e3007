import { describe, expect, it } from 'vitest';
import type { AccountStatus, UserType } from '../../domain/accounts';
import { referralStatuses, type ReferralStatus } from '../../domain/referrals';
import { canReadPatient, canWritePatient, type PatientActor, type PatientReferral } from './policy';

const AGENCY = 'agency-1';
const THERAPIST = 'therapist-1';

const actor = (userId: string, userType: UserType, options: { aal?: 'aal1' | 'aal2'; status?: AccountStatus } = {}): PatientActor => ({
  userId,
  aal: options.aal ?? 'aal2',
  account: { userType, status: options.status ?? 'approved' },
});
const referral = (status: ReferralStatus, matchedTherapistId: string | null = THERAPIST): PatientReferral => ({ agencyId: AGENCY, status, matchedTherapistId });

const agency = actor(AGENCY, 'agency');
const therapist = actor(THERAPIST, 'therapist');
const active = ['matched', 'in_progress'] as const;
const closed = ['completed', 'cancelled', 'expired'] as const;

describe('who may read patient details', () => {
  it('the agency of the referral, at every status', () => {
    for (const status of referralStatuses) expect(canReadPatient(agency, referral(status))).toEqual({ allowed: true, as: 'agency' });
  });

  it('the matched therapist while the referral is matched or in progress', () => {
    for (const status of active) expect(canReadPatient(therapist, referral(status))).toEqual({ allowed: true, as: 'therapist' });
  });

  it('not the matched therapist once the referral is completed, cancelled or expired', () => {
    for (const status of closed) expect(canReadPatient(therapist, referral(status))).toEqual({ allowed: false, reason: 'referral_closed' });
  });

  it('nobody else: another agency, another therapist, a manager, an account without a record, no referral', () => {
    const others: PatientActor[] = [
      actor('agency-2', 'agency'),
      actor('therapist-2', 'therapist'),
      actor('manager-1', 'manager'),
      { userId: 'someone', aal: 'aal2', account: null },
    ];
    for (const other of others) expect(canReadPatient(other, referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
    expect(canReadPatient(agency, null)).toEqual({ allowed: false, reason: 'no_access' });
    expect(canReadPatient(therapist, null)).toEqual({ allowed: false, reason: 'no_access' });
  });

  it('not a user whose id matches the other side: an agency id on a therapist account, and the reverse', () => {
    expect(canReadPatient(actor(AGENCY, 'therapist'), referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
    expect(canReadPatient(actor(THERAPIST, 'agency'), referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
    expect(canReadPatient(actor(AGENCY, 'manager'), referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
  });

  it('not the agency or therapist when their account is pending or rejected', () => {
    for (const status of ['pending', 'rejected'] as const) {
      expect(canReadPatient(actor(AGENCY, 'agency', { status }), referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
      expect(canReadPatient(actor(THERAPIST, 'therapist', { status }), referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
    }
  });

  it('asks the agency and the matched therapist for a second factor at aal1', () => {
    expect(canReadPatient(actor(AGENCY, 'agency', { aal: 'aal1' }), referral('matched'))).toEqual({ allowed: false, reason: 'mfa_required' });
    expect(canReadPatient(actor(THERAPIST, 'therapist', { aal: 'aal1' }), referral('in_progress'))).toEqual({ allowed: false, reason: 'mfa_required' });
  });

  it('refuses anyone without access before asking for a second factor, so aal1 gives no hint', () => {
    expect(canReadPatient(actor('agency-2', 'agency', { aal: 'aal1' }), referral('matched'))).toEqual({ allowed: false, reason: 'no_access' });
    expect(canReadPatient(actor(THERAPIST, 'therapist', { aal: 'aal1' }), referral('completed'))).toEqual({ allowed: false, reason: 'referral_closed' });
  });
});

describe('who may write patient details', () => {
  it('the agency of the referral while it is matched or in progress', () => {
    for (const status of active) expect(canWritePatient(agency, referral(status))).toEqual({ allowed: true, as: 'agency' });
  });

  it('not the agency before a therapist is matched (a conflict it can resolve)', () => {
    for (const status of ['draft', 'posted'] as const) {
      expect(canWritePatient(agency, referral(status, null))).toEqual({ allowed: false, reason: 'before_match' });
    }
  });

  it('not the agency once the referral is closed', () => {
    for (const status of closed) expect(canWritePatient(agency, referral(status))).toEqual({ allowed: false, reason: 'referral_closed' });
  });

  it('never the matched therapist, another agency, a manager, or a pending agency', () => {
    const others = [therapist, actor('agency-2', 'agency'), actor('manager-1', 'manager'), actor(AGENCY, 'agency', { status: 'pending' })];
    for (const other of others) {
      for (const status of referralStatuses) expect(canWritePatient(other, referral(status))).toEqual({ allowed: false, reason: 'no_access' });
    }
    expect(canWritePatient(agency, null)).toEqual({ allowed: false, reason: 'no_access' });
  });

  it('asks the agency for a second factor at aal1 before anything about the referral’s state', () => {
    for (const status of [...active, 'draft', 'posted'] as const) {
      expect(canWritePatient(actor(AGENCY, 'agency', { aal: 'aal1' }), referral(status))).toEqual({ allowed: false, reason: 'mfa_required' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { ReferralStatus } from '../../domain/referrals';
import { visitStatuses, type VisitStatus } from '../../domain/visits';
import {
  canChangeVisit,
  canListReferralVisits,
  canReadVisit,
  canScheduleVisits,
  type PolicyVisit,
  type VisitActor,
  type VisitChange,
  type VisitReferral,
} from './policy';

const AGENCY = 'agency-1';
const THERAPIST = 'therapist-1';

type AccountStatus = 'pending' | 'approved' | 'rejected';
const actor = (userId: string, userType: 'agency' | 'therapist' | 'manager', options: { aal?: 'aal1' | 'aal2'; status?: AccountStatus } = {}): VisitActor => ({
  userId,
  aal: options.aal ?? 'aal2',
  account: { userType, status: options.status ?? 'approved' },
});
const agency = (options?: { aal?: 'aal1' | 'aal2'; status?: AccountStatus }) => actor(AGENCY, 'agency', options);
const therapist = (options?: { aal?: 'aal1' | 'aal2'; status?: AccountStatus }) => actor(THERAPIST, 'therapist', options);
const referral = (status: ReferralStatus = 'in_progress'): VisitReferral => ({ agencyId: AGENCY, status, matchedTherapistId: THERAPIST });
const visit = (status: VisitStatus = 'scheduled'): PolicyVisit => ({ agencyId: AGENCY, therapistId: THERAPIST, status });

/** Everyone who is not a party, each of whom must be refused as no_access whatever else is true. */
const strangers: [string, VisitActor][] = [
  ['another agency', actor('agency-2', 'agency')],
  ['another therapist', actor('therapist-2', 'therapist')],
  ['a manager', actor(AGENCY, 'manager')],
  ['the agency, not yet approved', agency({ status: 'pending' })],
  ['the therapist, rejected', therapist({ status: 'rejected' })],
  ['the agency id signed in as a therapist', actor(AGENCY, 'therapist')],
  ['an account without a profile', { userId: THERAPIST, aal: 'aal2', account: null }],
];

describe('canListReferralVisits (summaries, aal1 is enough)', () => {
  it.each([
    ['the agency', agency(), 'agency'],
    ['the matched therapist', therapist(), 'therapist'],
    ['the agency at aal1', agency({ aal: 'aal1' }), 'agency'],
    ['the therapist at aal1', therapist({ aal: 'aal1' }), 'therapist'],
  ] as const)('%s may list', (_, who, as) => {
    expect(canListReferralVisits(who, referral())).toEqual({ allowed: true, as });
  });

  it.each(strangers)('%s may not (no_access)', (_, who) => {
    expect(canListReferralVisits(who, referral())).toEqual({ allowed: false, reason: 'no_access' });
  });

  it('a missing referral is no_access', () => {
    expect(canListReferralVisits(agency(), null)).toEqual({ allowed: false, reason: 'no_access' });
  });
});

describe('canScheduleVisits', () => {
  it.each(['matched', 'in_progress'] as const)('the matched therapist at aal2 schedules while the referral is %s', (status) => {
    expect(canScheduleVisits(therapist(), referral(status))).toEqual({ allowed: true, as: 'therapist' });
  });

  it.each(['completed', 'cancelled', 'expired', 'posted', 'draft'] as const)('a %s referral is closed to scheduling', (status) => {
    expect(canScheduleVisits(therapist(), referral(status))).toEqual({ allowed: false, reason: 'referral_closed' });
  });

  it.each([
    ['the agency (not its side)', agency(), 'not_allowed'],
    ['the agency at aal1 (its side is checked first)', agency({ aal: 'aal1' }), 'not_allowed'],
    ['the therapist at aal1', therapist({ aal: 'aal1' }), 'mfa_required'],
    ...strangers.map(([name, who]) => [name, who, 'no_access'] as const),
  ] as const)('%s: %s', (_, who, reason) => {
    expect(canScheduleVisits(who, referral())).toEqual({ allowed: false, reason });
  });

  it('the second factor is asked before the referral is said to be closed', () => {
    expect(canScheduleVisits(therapist({ aal: 'aal1' }), referral('completed'))).toEqual({ allowed: false, reason: 'mfa_required' });
  });
});

describe('canReadVisit (details need aal2)', () => {
  it.each([
    ['the agency', agency(), { allowed: true, as: 'agency' }],
    ['the therapist', therapist(), { allowed: true, as: 'therapist' }],
    ['the agency at aal1', agency({ aal: 'aal1' }), { allowed: false, reason: 'mfa_required' }],
    ['the therapist at aal1', therapist({ aal: 'aal1' }), { allowed: false, reason: 'mfa_required' }],
    ...strangers.map(([name, who]) => [name, who, { allowed: false, reason: 'no_access' }] as const),
  ] as const)('%s', (_, who, expected) => {
    expect(canReadVisit(who, visit())).toEqual(expected);
  });

  it('strangers are refused as no_access before the second factor, so nothing hints the visit exists', () => {
    expect(canReadVisit(actor('agency-2', 'agency', { aal: 'aal1' }), visit())).toEqual({ allowed: false, reason: 'no_access' });
    expect(canReadVisit(agency({ aal: 'aal1' }), null)).toEqual({ allowed: false, reason: 'no_access' });
  });
});

describe('canChangeVisit', () => {
  /** change, who may make it, the one status it starts from. */
  const rules: [VisitChange, ('agency' | 'therapist')[], VisitStatus][] = [
    ['reschedule', ['therapist'], 'scheduled'],
    ['cancel', ['therapist', 'agency'], 'scheduled'],
    ['missed', ['therapist', 'agency'], 'scheduled'],
    ['check_in', ['therapist'], 'scheduled'],
    ['check_out', ['therapist'], 'in_progress'],
  ];
  const sides = { agency: agency(), therapist: therapist() };

  describe.each(rules)('%s', (change, by, from) => {
    it.each(['agency', 'therapist'] as const)('by the %s', (side) => {
      const expected = by.includes(side) ? { allowed: true, as: side } : { allowed: false, reason: 'not_allowed' };
      expect(canChangeVisit(sides[side], visit(from), change)).toEqual(expected);
    });

    it.each(visitStatuses.filter((status) => status !== from))(`refuses a %s visit (wrong_status)`, (status) => {
      expect(canChangeVisit(therapist(), visit(status), change)).toEqual({ allowed: false, reason: 'wrong_status' });
    });

    it('needs aal2, asked before the side or status is judged', () => {
      expect(canChangeVisit(therapist({ aal: 'aal1' }), visit(from), change)).toEqual({ allowed: false, reason: 'mfa_required' });
      expect(canChangeVisit(agency({ aal: 'aal1' }), visit('paid'), change)).toEqual({ allowed: false, reason: 'mfa_required' });
    });

    it.each(strangers)('refuses %s as no_access', (_, who) => {
      expect(canChangeVisit(who, visit(from), change)).toEqual({ allowed: false, reason: 'no_access' });
    });
  });

  it('a party with the wrong side is told not_allowed before the status', () => {
    expect(canChangeVisit(agency(), visit('completed'), 'check_out')).toEqual({ allowed: false, reason: 'not_allowed' });
  });
});

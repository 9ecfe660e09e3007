import { describe, expect, it } from 'vitest';
import { canExportReferral } from './policy';

const agency = (overrides: { userId?: string; aal?: 'aal1' | 'aal2'; status?: 'approved' | 'pending'; userType?: 'agency' | 'therapist' | 'manager' } = {}) => ({
  userId: overrides.userId ?? 'agency-1',
  aal: overrides.aal ?? 'aal2',
  account: { userType: overrides.userType ?? 'agency', status: overrides.status ?? 'approved' },
});

describe('who may export a referral to an EHR', () => {
  it.each([
    ['its approved agency at aal2, with the patient and notes', agency(), { allowed: true, withPhi: true }],
    ['its approved agency at aal1, without them', agency({ aal: 'aal1' }), { allowed: true, withPhi: false }],
    ['another agency', agency({ userId: 'agency-2' }), { allowed: false }],
    ['its agency while pending', agency({ status: 'pending' }), { allowed: false }],
    ['a therapist, even one whose id matched', agency({ userType: 'therapist' }), { allowed: false }],
    ['a manager', agency({ userType: 'manager' }), { allowed: false }],
  ] as const)('%s', (_, actor, expected) => {
    expect(canExportReferral(actor, { agencyId: 'agency-1' })).toEqual(expected);
  });

  it('nobody, for a referral that was not found', () => {
    expect(canExportReferral(agency(), null)).toEqual({ allowed: false });
    expect(canExportReferral({ userId: 'agency-1', aal: 'aal2', account: null }, { agencyId: 'agency-1' })).toEqual({ allowed: false });
  });
});

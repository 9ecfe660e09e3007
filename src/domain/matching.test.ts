import { describe, expect, it } from 'vitest';
import type { Discipline, ServiceTypeId } from './accounts';
import { defaultRequiredCredentialKinds, type CredentialForJudging } from './credentials';
import { greatCircleMiles, type GeoPoint } from './geo';
import {
  eligibilityRules,
  evaluateEligibility,
  type Eligibility,
  type EligibilityRule,
  type MatchingPolicy,
  type ReferralForMatching,
  type TherapistForMatching,
} from './matching';
import type { ReferralDiscipline } from './service-eligibility';

const TODAY = '2026-10-31';
const austin: GeoPoint = { latitude: 30.2713, longitude: -97.7426 }; // ZIP 78701

/** A point `miles` due north of `from`: along a meridian, distance is proportional to latitude. */
function northOf(from: GeoPoint, miles: number): GeoPoint {
  const milesPerDegree = (Math.PI * 3958.8) / 180; // ≈ 69.09 on the haversine's sphere
  return { latitude: from.latitude + miles / milesPerDegree, longitude: from.longitude };
}

const license = (overrides: Partial<CredentialForJudging> = {}): CredentialForJudging => ({
  kind: 'state_license',
  status: 'verified',
  issuer: 'TX',
  expiresOn: '2027-06-30',
  ...overrides,
});

/** A verified TX license valid until 2027-06-30, and the other default required credentials. */
const verifiedCredentials: CredentialForJudging[] = [
  license(),
  { kind: 'npi', status: 'verified', issuer: 'NPPES', expiresOn: null },
  { kind: 'cpr_bls', status: 'verified', issuer: 'AHA', expiresOn: '2027-06-30' },
  { kind: 'liability_insurance', status: 'verified', issuer: 'HPSO', expiresOn: '2027-06-30' },
  { kind: 'background_check', status: 'verified', issuer: 'Checkr', expiresOn: null },
];
const withLicense = (overrides: Partial<CredentialForJudging> | null): CredentialForJudging[] => [
  ...(overrides ? [license(overrides)] : []),
  ...verifiedCredentials.filter((c) => c.kind !== 'state_license'),
];

const POLICY: MatchingPolicy = { requiredCredentials: defaultRequiredCredentialKinds, lateNotes: { maxOverdue: 3, maxDaysOverdue: 7 } };

function buildTherapist(overrides: Partial<TherapistForMatching> = {}): TherapistForMatching {
  return {
    status: 'approved',
    suspension: null,
    availableForReferrals: true,
    disciplines: ['PT'],
    credentials: verifiedCredentials,
    lateNotes: { overdue: 0, oldestDaysOverdue: 0 },
    location: austin,
    serviceRadiusMiles: 25,
    ...overrides,
  };
}

function buildReferral(overrides: Partial<ReferralForMatching> = {}): ReferralForMatching {
  return {
    discipline: 'PT',
    services: ['evaluation', 'treatment', 'discharge'],
    patientState: 'TX',
    patientLocation: northOf(austin, 12.4),
    ...overrides,
  };
}

function evaluate(
  therapist: Partial<TherapistForMatching> = {},
  referral: Partial<ReferralForMatching> = {},
  today = TODAY,
  policy = POLICY,
): Eligibility {
  return evaluateEligibility({ therapist: buildTherapist(therapist), referral: buildReferral(referral), policy, today });
}

const failing = (result: Eligibility) => result.checks.filter((c) => !c.passed).map((c) => c.rule);
const check = (result: Eligibility, rule: EligibilityRule) => result.checks.find((c) => c.rule === rule);

describe('evaluateEligibility', () => {
  it('passes a therapist who meets every rule, explaining each one in order', () => {
    const result = evaluate();
    expect(result).toEqual({
      eligible: true,
      distanceMiles: 12.4,
      checks: [
        { rule: 'approved', passed: true, detail: 'Approved' },
        { rule: 'available', passed: true, detail: 'Available for new referrals' },
        {
          rule: 'discipline',
          passed: true,
          detail: 'PT can take Initial Evaluation, Treatment Session and Discharge Summary on a PT referral',
        },
        {
          rule: 'credentials',
          passed: true,
          detail:
            'State license TX verified, valid until 2027-06-30; NPI, CPR/BLS certification, Professional liability insurance, Background check verified',
        },
        { rule: 'documentation', passed: true, detail: 'No visit notes overdue' },
        { rule: 'radius', passed: true, detail: '12.4 miles away, radius 25 miles' },
      ],
    });
    expect(result.checks.map((c) => c.rule)).toEqual([...eligibilityRules]);
  });

  describe('each rule failing alone makes the therapist ineligible', () => {
    it.each<[string, Partial<TherapistForMatching>, Partial<ReferralForMatching>, EligibilityRule, string]>([
      ['pending approval', { status: 'pending' }, {}, 'approved', 'Awaiting approval'],
      ['rejected', { status: 'rejected' }, {}, 'approved', 'Account rejected'],
      ['suspended after an exclusion match', { suspension: { reason: 'LEIE match by NPI' } }, {}, 'approved', 'Eligibility suspended: LEIE match by NPI'],
      ['suspended without a reason given', { suspension: { reason: null } }, {}, 'approved', 'Eligibility suspended'],
      ['not available', { availableForReferrals: false }, {}, 'available', 'Not taking new referrals'],
      ['an OT on a PT referral', { disciplines: ['OT'] }, {}, 'discipline',
        'OT cannot take Initial Evaluation, Treatment Session and Discharge Summary on a PT referral'],
      ['a PTA asked to evaluate', { disciplines: ['PTA'] }, { services: ['treatment', 'evaluation'] }, 'discipline',
        'PTA cannot take Initial Evaluation on a PT referral'],
      ['no discipline on file', { disciplines: [] }, {}, 'discipline', 'No discipline on file'],
      ['licensed in another state', { credentials: withLicense({ issuer: 'OK' }) }, {}, 'credentials', 'State license (TX): none on file'],
      ['no license on file', { credentials: withLicense(null) }, {}, 'credentials', 'State license (TX): none on file'],
      ['license expired yesterday', { credentials: withLicense({ expiresOn: '2026-10-30' }) }, {}, 'credentials',
        'State license (TX): expired 2026-10-30'],
      ['license marked expired by the daily job', { credentials: withLicense({ status: 'expired', expiresOn: '2026-10-30' }) }, {}, 'credentials',
        'State license (TX): expired 2026-10-30'],
      ['license awaiting verification', { credentials: withLicense({ status: 'submitted' }) }, {}, 'credentials',
        'State license (TX): awaiting verification'],
      ['license rejected', { credentials: withLicense({ status: 'rejected' }) }, {}, 'credentials', 'State license (TX): rejected'],
      ['a required credential missing', { credentials: verifiedCredentials.filter((c) => c.kind !== 'background_check') }, {}, 'credentials',
        'Background check: none on file'],
      ['3 visit notes overdue', { lateNotes: { overdue: 3, oldestDaysOverdue: 2 } }, {}, 'documentation',
        '3 visit notes overdue; the oldest 2 days: catch up to get new referrals'],
      ['one visit note overdue more than 7 days', { lateNotes: { overdue: 1, oldestDaysOverdue: 8 } }, {}, 'documentation',
        '1 visit note overdue 8 days: catch up to get new referrals'],
      ['patient beyond the radius', {}, { patientLocation: northOf(austin, 40) }, 'radius',
        '40.0 miles away, outside the 25-mile radius'],
      ['no location on file', { location: null }, {}, 'radius', 'No ZIP location on file for the therapist'],
      ['no service radius', { serviceRadiusMiles: 0 }, {}, 'radius', '12.4 miles away, no service radius set'],
    ])('%s', (_story, therapist, referral, rule, detail) => {
      const result = evaluate(therapist, referral);
      expect(result.eligible).toBe(false);
      expect(failing(result)).toEqual([rule]);
      expect(check(result, rule)?.detail).toBe(detail);
    });
  });

  it('evaluates every rule even when several fail, so all reasons are shown', () => {
    const result = evaluate(
      {
        status: 'pending',
        suspension: { reason: 'LEIE match by NPI' },
        availableForReferrals: false,
        disciplines: ['COTA'],
        credentials: [license({ issuer: 'NM', expiresOn: '2020-01-01' })],
        lateNotes: { overdue: 4, oldestDaysOverdue: 9 },
        serviceRadiusMiles: 5,
      },
      { patientLocation: northOf(austin, 30) },
    );
    expect(result.eligible).toBe(false);
    expect(result.distanceMiles).toBe(30);
    expect(failing(result)).toEqual([...eligibilityRules]);
    expect(check(result, 'approved')?.detail).toBe('Awaiting approval; Eligibility suspended: LEIE match by NPI');
    expect(check(result, 'credentials')?.detail).toBe(
      'State license (TX): none on file; NPI: none on file; CPR/BLS certification: none on file; Professional liability insurance: none on file; Background check: none on file',
    );
  });

  describe('radius edges', () => {
    it('builds test locations at the intended distances', () => {
      for (const miles of [0.1, 10, 25, 25.1, 50]) {
        expect(greatCircleMiles(austin, northOf(austin, miles))).toBeCloseTo(miles, 6);
      }
    });

    it.each([
      [25, 0, true],
      [25, 24.9, true],
      [25, 25, true],
      [25, 25.04, true], // rounds to 25.0: the figure shown is the figure judged
      [25, 25.1, false],
      [25, 26, false],
      [10, 10, true],
      [10, 10.1, false],
      [12.5, 12.5, true],
      [12.5, 12.6, false],
    ])('radius %s miles, patient %s miles away → eligible %s', (radius, miles, eligible) => {
      const result = evaluate({ serviceRadiusMiles: radius }, { patientLocation: northOf(austin, miles) });
      expect(result.eligible).toBe(eligible);
      expect(check(result, 'radius')?.passed).toBe(eligible);
    });

    it('reports the distance at the edge in plain English', () => {
      expect(check(evaluate({}, { patientLocation: northOf(austin, 25) }), 'radius')?.detail).toBe(
        '25.0 miles away, radius 25 miles',
      );
      expect(check(evaluate({}, { patientLocation: northOf(austin, 25.1) }), 'radius')?.detail).toBe(
        '25.1 miles away, outside the 25-mile radius',
      );
    });

    it('measures real ZIP centroids: an Austin therapist does not reach Dallas (≈183 miles)', () => {
      const dallas = { latitude: 32.7904, longitude: -96.8044 }; // ZIP 75201
      const result = evaluate({}, { patientLocation: dallas });
      expect(result.distanceMiles).toBe(182.6);
      expect(failing(result)).toEqual(['radius']);
      const wideRadius = evaluate({ serviceRadiusMiles: 200 }, { patientLocation: dallas });
      expect(wideRadius.eligible).toBe(true);
    });

    it('has no distance when the therapist has no location', () => {
      expect(evaluate({ location: null }).distanceMiles).toBeNull();
    });
  });

  describe('license expiry', () => {
    it.each([
      ['yesterday', '2026-10-30', false, 'State license (TX): expired 2026-10-30'],
      ['today', '2026-10-31', true, 'State license TX verified, expires today (2026-10-31)'],
      ['tomorrow', '2026-11-01', true, 'State license TX verified, valid until 2026-11-01'],
      ['a year ago', '2025-10-31', false, 'State license (TX): expired 2025-10-31'],
    ])('expiring %s (%s) → eligible %s', (_when, expiresOn, eligible, detail) => {
      const result = evaluate({ credentials: withLicense({ expiresOn }) });
      expect(result.eligible).toBe(eligible);
      expect(check(result, 'credentials')?.passed).toBe(eligible);
      expect(check(result, 'credentials')?.detail.split('; ')[0]).toBe(detail);
    });

    it('compares across a year boundary', () => {
      expect(evaluate({ credentials: withLicense({ expiresOn: '2026-12-31' }) }, {}, '2027-01-01').eligible).toBe(false);
      expect(evaluate({ credentials: withLicense({ expiresOn: '2027-01-01' }) }, {}, '2026-12-31').eligible).toBe(true);
    });

    it('names every credential that keeps the therapist out, not just the first', () => {
      const credentials = withLicense({ expiresOn: '2026-10-20' }).map((c) => (c.kind === 'background_check' ? { ...c, status: 'submitted' as const } : c));
      expect(check(evaluate({ credentials }), 'credentials')).toEqual({
        rule: 'credentials',
        passed: false,
        detail: 'State license (TX): expired 2026-10-20; Background check: awaiting verification',
      });
    });

    it('refuses a malformed today, a programming error', () => {
      expect(() => evaluate({}, {}, '31/10/2026')).toThrow('YYYY-MM-DD');
      expect(() => evaluate({}, {}, '2026-13-01')).toThrow('YYYY-MM-DD');
    });
  });

  describe('license state', () => {
    it('ignores case and surrounding spaces in state codes', () => {
      expect(evaluate({ credentials: withLicense({ issuer: ' tx ' }) }, { patientState: 'TX' }).eligible).toBe(true);
    });

    it('fails a therapist licensed in the next state over, even within the radius', () => {
      const result = evaluate({ credentials: withLicense({ issuer: 'LA' }) });
      expect(failing(result)).toEqual(['credentials']);
      expect(result.distanceMiles).toBe(12.4);
    });

    it('counts a compact privilege in the patient’s state, and one license among several', () => {
      const compact = evaluate({ credentials: withLicense({ issuer: 'TX', compactPrivilege: true }) });
      expect(check(compact, 'credentials')?.detail).toMatch(/^State license TX \(compact privilege\) verified, valid until 2027-06-30;/);
      const several = evaluate({ credentials: [...withLicense({ issuer: 'NM' }), license({ expiresOn: '2028-01-31' }), license({ expiresOn: '2026-01-31' })] });
      expect(check(several, 'credentials')?.detail).toMatch(/^State license TX verified, valid until 2028-01-31;/);
    });

    it('asks only for what the configuration requires', () => {
      const policy: MatchingPolicy = { ...POLICY, requiredCredentials: ['npi'] };
      const result = evaluate({ credentials: withLicense(null) }, {}, TODAY, policy);
      expect(check(result, 'credentials')).toEqual({ rule: 'credentials', passed: true, detail: 'NPI verified' });
    });
  });

  describe('late visit notes', () => {
    it.each([
      [0, 0, true, 'No visit notes overdue'],
      [1, 7, true, '1 visit note overdue 7 days, within the limit'],
      [2, 7, true, '2 visit notes overdue; the oldest 7 days, within the limit'],
      [1, 8, false, '1 visit note overdue 8 days: catch up to get new referrals'],
      [3, 1, false, '3 visit notes overdue; the oldest 1 day: catch up to get new referrals'],
      [3, 9, false, '3 visit notes overdue; the oldest 9 days: catch up to get new referrals'],
    ])('%s overdue, the oldest %s days → eligible %s', (overdue, oldestDaysOverdue, eligible, detail) => {
      const result = evaluate({ lateNotes: { overdue, oldestDaysOverdue } });
      expect(result.eligible).toBe(eligible);
      expect(check(result, 'documentation')).toEqual({ rule: 'documentation', passed: eligible, detail });
    });
  });

  describe('discipline and services', () => {
    type Row = [string, Discipline[], ReferralDiscipline, ServiceTypeId[], boolean];
    const all: ServiceTypeId[] = ['evaluation', 'treatment', 'progress_report', 'discharge'];
    it.each<Row>([
      ['PTA on a PT referral for treatment only', ['PTA'], 'PT', ['treatment'], true],
      ['PTA on a PT referral for treatment and evaluation', ['PTA'], 'PT', ['treatment', 'evaluation'], false],
      ['PTA on a PT referral for a progress report', ['PTA'], 'PT', ['treatment', 'progress_report'], false],
      ['PTA on an OT referral for treatment', ['PTA'], 'OT', ['treatment'], false],
      ['COTA on an OT referral for treatment only', ['COTA'], 'OT', ['treatment'], true],
      ['COTA on an OT referral for treatment and discharge', ['COTA'], 'OT', ['treatment', 'discharge'], false],
      ['COTA on a PT referral for treatment', ['COTA'], 'PT', ['treatment'], false],
      ['OT on an OT referral for every service', ['OT'], 'OT', all, true],
      ['ST on an ST referral for evaluation', ['ST'], 'ST', ['evaluation'], true],
      ['ST on an ST referral for treatment', ['ST'], 'ST', ['treatment'], true],
      ['ST on an ST referral for every service', ['ST'], 'ST', all, true],
      ['PT on an ST referral for treatment', ['PT'], 'ST', ['treatment'], false],
      ['PT with PTA on a PT referral for every service', ['PT', 'PTA'], 'PT', all, true],
    ])('%s → eligible %s', (_story, disciplines, discipline, services, eligible) => {
      const result = evaluate({ disciplines }, { discipline, services });
      expect(result.eligible).toBe(eligible);
      expect(failing(result)).toEqual(eligible ? [] : ['discipline']);
    });

    it('names exactly the services a PTA may not take', () => {
      const result = evaluate({ disciplines: ['PTA'] }, { services: ['evaluation', 'treatment', 'progress_report'] });
      expect(check(result, 'discipline')?.detail).toBe(
        'PTA cannot take Initial Evaluation and Progress Report on a PT referral',
      );
    });

    it('explains a pass for a single service', () => {
      const result = evaluate({ disciplines: ['COTA'] }, { discipline: 'OT', services: ['treatment'] });
      expect(check(result, 'discipline')?.detail).toBe('COTA can take Treatment Session on an OT referral');
      const speech = evaluate({ disciplines: ['ST'] }, { discipline: 'ST', services: ['evaluation'] });
      expect(check(speech, 'discipline')?.detail).toBe('ST can take Initial Evaluation on an ST referral');
    });

    it('fails a referral that lists no services', () => {
      expect(check(evaluate({}, { services: [] }), 'discipline')).toEqual({
        rule: 'discipline',
        passed: false,
        detail: 'The referral lists no services',
      });
    });
  });
});

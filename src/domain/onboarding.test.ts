import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { npiWithCheckDigit } from './npi';
import { businessToday } from './business-date';
import {
  agencyOnboardingSchema,
  defaultRates,
  earliestCurrentDate,
  isCalendarDate,
  onboardingMessages,
  onboardingSchema,
  professionalInfoSchema,
  therapistOnboardingSchema,
} from './onboarding';

const validNpi = npiWithCheckDigit('123456789');
// The same nine digits with the wrong check digit.
const badCheckDigit = `${validNpi.slice(0, 9)}${(Number(validNpi[9]) + 1) % 10}`;

const step1 = {
  firstName: 'Jordan',
  lastName: 'Reyes',
  npiNumber: validNpi,
  licenseNumber: 'PT-123456',
  licenseState: 'TX',
  licenseExpiry: '2027-06-30',
};
const therapist = { ...step1, userType: 'therapist' as const, rates: { ...defaultRates }, serviceRadiusMiles: 25 };

/** The message zod gives for one field of `input`, or undefined when that field passes. */
function errorFor(input: unknown, field: string): string | undefined {
  const result = onboardingSchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-10T18:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('professional information (step 1)', () => {
  it('accepts a complete, valid step 1', () => {
    expect(professionalInfoSchema.parse(step1)).toEqual(step1);
  });

  it('names each missing field', () => {
    const result = professionalInfoSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      firstName: onboardingMessages.firstName,
      lastName: onboardingMessages.lastName,
      npiNumber: onboardingMessages.npi,
      licenseNumber: onboardingMessages.licenseNumber,
      licenseState: onboardingMessages.licenseState,
      licenseExpiry: onboardingMessages.licenseExpiryRequired,
    });
  });

  it('refuses an NPI whose check digit is wrong, or that is not ten digits', () => {
    expect(errorFor({ ...therapist, npiNumber: badCheckDigit }, 'npiNumber')).toBe('Please enter a valid 10-digit NPI');
    expect(errorFor({ ...therapist, npiNumber: validNpi.slice(0, 9) }, 'npiNumber')).toBe('Please enter a valid 10-digit NPI');
    expect(errorFor({ ...therapist, npiNumber: `${validNpi}0` }, 'npiNumber')).toBe('Please enter a valid 10-digit NPI');
    expect(errorFor({ ...therapist, npiNumber: ` ${validNpi} ` }, 'npiNumber')).toBeUndefined();
  });

  it('accepts only US licence states', () => {
    expect(errorFor({ ...therapist, licenseState: 'ZZ' }, 'licenseState')).toBe(onboardingMessages.licenseState);
    expect(errorFor({ ...therapist, licenseState: 'PR' }, 'licenseState')).toBeUndefined();
  });

  it('refuses a licence expiry in the past and accepts today', () => {
    expect(errorFor({ ...therapist, licenseExpiry: '2026-03-09' }, 'licenseExpiry')).toBe('License expiry cannot be in the past');
    expect(errorFor({ ...therapist, licenseExpiry: '2020-01-01' }, 'licenseExpiry')).toBe('License expiry cannot be in the past');
    expect(errorFor({ ...therapist, licenseExpiry: '2026-03-10' }, 'licenseExpiry')).toBeUndefined();
  });

  it('judges by the business date (Chicago), the date matching uses, not by the user’s own clock', () => {
    // 23:30 in Chicago on March 9: a license whose last day is March 9 is still current.
    vi.setSystemTime(new Date('2026-03-10T04:30:00Z'));
    expect(businessToday()).toBe('2026-03-09');
    expect(errorFor({ ...therapist, licenseExpiry: '2026-03-09' }, 'licenseExpiry')).toBeUndefined();
    // Midnight in Chicago: March 9 has lapsed there, though it is still March 9 in Hawaii and
    // matching would never offer that license a referral, so onboarding refuses it too.
    vi.setSystemTime(new Date('2026-03-10T05:00:00Z'));
    expect(earliestCurrentDate()).toBe('2026-03-09');
    expect(errorFor({ ...therapist, licenseExpiry: '2026-03-09' }, 'licenseExpiry')).toBe(onboardingMessages.licenseExpiryPast);
    expect(errorFor({ ...therapist, licenseExpiry: '2026-03-10' }, 'licenseExpiry')).toBeUndefined();
  });

  it('refuses dates that do not exist or are not YYYY-MM-DD', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(errorFor({ ...therapist, licenseExpiry: '2027-02-30' }, 'licenseExpiry')).toBe(onboardingMessages.licenseExpiryInvalid);
    expect(errorFor({ ...therapist, licenseExpiry: '06/30/2027' }, 'licenseExpiry')).toBe(onboardingMessages.licenseExpiryInvalid);
    expect(errorFor({ ...therapist, licenseExpiry: '' }, 'licenseExpiry')).toBe(onboardingMessages.licenseExpiryRequired);
  });
});

describe('therapist rates and radius (step 2)', () => {
  it('defaults to the seed rates 150, 100, 75 and 100', () => {
    expect(defaultRates).toEqual({ evaluation: 150, treatment: 100, progress_report: 75, discharge: 100 });
    expect(therapistOnboardingSchema.safeParse(therapist).success).toBe(true);
  });

  it('takes positive amounts up to $1,000 with at most two decimals', () => {
    const withRate = (value: unknown) => ({ ...therapist, rates: { ...defaultRates, treatment: value } });
    expect(errorFor(withRate(0), 'rates.treatment')).toBe(onboardingMessages.ratePositive);
    expect(errorFor(withRate(-5), 'rates.treatment')).toBe(onboardingMessages.ratePositive);
    expect(errorFor(withRate(1000.01), 'rates.treatment')).toBe('Rate cannot be more than $1,000');
    expect(errorFor(withRate(99.999), 'rates.treatment')).toBe(onboardingMessages.rateCents);
    expect(errorFor(withRate(Number.NaN), 'rates.treatment')).toBe(onboardingMessages.rateRequired);
    expect(errorFor(withRate('100'), 'rates.treatment')).toBe(onboardingMessages.rateRequired);
    for (const ok of [0.01, 1000, 112.5, 89.99, 0.29]) expect(errorFor(withRate(ok), 'rates.treatment'), String(ok)).toBeUndefined();
  });

  it('requires a rate for every service', () => {
    expect(errorFor({ ...therapist, rates: { evaluation: 150 } }, 'rates.discharge')).toBe(onboardingMessages.rateRequired);
  });

  it('takes a whole-mile service radius from 1 to 100', () => {
    expect(errorFor({ ...therapist, serviceRadiusMiles: 0 }, 'serviceRadiusMiles')).toBe(onboardingMessages.radiusRange);
    expect(errorFor({ ...therapist, serviceRadiusMiles: 101 }, 'serviceRadiusMiles')).toBe(onboardingMessages.radiusRange);
    expect(errorFor({ ...therapist, serviceRadiusMiles: 12.5 }, 'serviceRadiusMiles')).toBe(onboardingMessages.radiusWhole);
    expect(errorFor({ ...therapist, serviceRadiusMiles: undefined }, 'serviceRadiusMiles')).toBe(onboardingMessages.radiusRequired);
    for (const ok of [1, 25, 100]) expect(errorFor({ ...therapist, serviceRadiusMiles: ok }, 'serviceRadiusMiles')).toBeUndefined();
  });
});

describe('agencies', () => {
  it('need only step 1, and rates sent along are dropped rather than kept', () => {
    const parsed = agencyOnboardingSchema.parse({ ...step1, userType: 'agency', rates: { evaluation: 1 }, serviceRadiusMiles: 5 });
    expect(parsed).toEqual({ ...step1, userType: 'agency' });
  });

  it('an unknown user type is refused', () => {
    expect(onboardingSchema.safeParse({ ...step1, userType: 'manager' }).success).toBe(false);
  });
});

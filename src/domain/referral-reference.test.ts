import { describe, expect, it } from 'vitest';
import { formatReference, parseReferenceSearch, patientShortName, referenceSearchMessage, referenceSearchSchema, referralLabel } from './referral-reference';

describe('the referral label', () => {
  it('names the patient by initial and last name when the server passes a short name', () => {
    expect(referralLabel({ referenceNumber: 1042, city: 'Austin', state: 'TX', patientShortName: patientShortName('Jane', 'Smith') })).toBe('R-1042 · J. Smith');
  });

  it('falls back to the place without a short name (others, aal1, before the match, mail and SMS)', () => {
    expect(referralLabel({ referenceNumber: 1042, city: 'Austin', state: 'TX' })).toBe('R-1042 · Austin, TX');
    expect(referralLabel({ referenceNumber: 1042, city: 'Austin', state: 'TX', patientShortName: null })).toBe('R-1042 · Austin, TX');
    expect(referralLabel({ referenceNumber: 1042, city: 'Austin', state: 'TX', patientShortName: '  ' })).toBe('R-1042 · Austin, TX');
  });

  it('formats the reference alone', () => {
    expect(formatReference(1001)).toBe('R-1001');
  });
});

describe('patientShortName', () => {
  it.each([
    ['Jane', 'Smith', 'J. Smith'],
    ['  dolores ', ' Abernathy ', 'D. Abernathy'],
    ['Élodie', 'Durand', 'É. Durand'],
    ['', 'Smith', 'Smith'],
  ])('%s %s → %s', (first, last, expected) => {
    expect(patientShortName(first, last)).toBe(expected);
  });
});

describe('searching by reference', () => {
  it.each([
    ['R-1042', 1042],
    ['r-1042', 1042],
    ['R1042', 1042],
    ['1042', 1042],
    ['  R-1042  ', 1042],
    ['999999999', 999_999_999],
  ])('%j finds %d', (input, expected) => {
    expect(parseReferenceSearch(input)).toBe(expected);
    expect(referenceSearchSchema.parse(input)).toBe(expected);
  });

  it.each(['', 'R-', 'R--1042', 'R 1042', 'Smith', '10 42', '1042x', '1e3', '-1042', '1234567890', 'R-1042; drop table referrals'])('%j is refused with a clear message', (input) => {
    expect(parseReferenceSearch(input)).toBeNull();
    const result = referenceSearchSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([referenceSearchMessage]);
  });

  it('reads a long hostile input in linear time', () => {
    for (const input of ['R-'.repeat(50_000), '1'.repeat(100_000) + 'x', 'R'.repeat(100_000)]) {
      const started = performance.now();
      expect(parseReferenceSearch(input)).toBeNull();
      expect(referenceSearchSchema.safeParse(input).success).toBe(false);
      expect(performance.now() - started).toBeLessThan(50);
    }
  });
});

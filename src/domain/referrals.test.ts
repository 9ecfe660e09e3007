import { describe, expect, it } from 'vitest';
import { looksIdentifying, referralInputSchema, referralMessages } from './referrals';

// A referral that passes every check, so a test changes only the summary.
const validReferral = {
  discipline: 'PT',
  services: [{ serviceId: 'evaluation', visitCount: 1, offeredRate: 150 }],
  patientZip: '78704',
  visitFrequency: '1w1',
  startBy: '2999-01-01',
  urgency: 'soon',
  offerOpenHours: 24,
};
const summaryIssues = (clinicalSummary: string) =>
  (referralInputSchema.safeParse({ ...validReferral, clinicalSummary }).error?.issues ?? []).map((issue) => issue.message);

describe('looksIdentifying', () => {
  it.each([
    ['an e-mail address', 'Reach the daughter at jane.doe+pt@example.com for scheduling'],
    ['a short e-mail address', 'contact a@b.c'],
    ['a titled name', 'Mrs. Johnson needs gait training'],
    ['a titled name without the dot', 'Mr Smith lives alone'],
    ['a phone number', 'Call (512) 555-0100 before visiting'],
    ['a social security number', 'SSN on file: 123-45-6789'],
    ['a date of birth', 'born 3/14/1948'],
    ['an ISO date', 'admitted 1948-03-14'],
    ['a record keyword', 'MRN available on request'],
    ['a street address', 'Lives at 1200 Barton Springs Rd, second floor'],
  ])('flags %s', (_what, text) => {
    expect(looksIdentifying(text)).toBe(true);
  });

  it.each([
    'Post-op total knee replacement; needs gait training and a home exercise program.',
    'CHF exacerbation, 2 weeks post discharge; O2 at 2L; fall risk; PT 2w4 then 1w4.',
    'Uses a walker @ home.',
    'Wife is the caregiver; Ms. independent with ADLs per note.',
  ])('lets a summary without identifiers through: %s', (text) => {
    expect(looksIdentifying(text)).toBe(false);
  });

  it.each([
    ['word characters without "@"', 'a'.repeat(240_000)],
    ['"@" followed by a long run', `a@${'b'.repeat(240_000)}`],
    ['alternating letters and "@"', 'a@'.repeat(120_000)],
    ['a number followed by long words', `12 ${'a'.repeat(120_000)} ${'b'.repeat(120_000)}`],
    ['titles followed by long spaces', `Mr${' '.repeat(240_000)}`],
  ])('answers on a long run of %s', (_what, text) => {
    expect(looksIdentifying(text)).toBe(false);
  });
});

describe('referralInputSchema clinicalSummary', () => {
  it('refuses an identifying summary', () => {
    expect(summaryIssues('Mrs. Johnson, DOB 3/14/1948')).toEqual([referralMessages.summaryIdentifiers]);
  });

  it('checks the length before any identifier pattern reads the text', () => {
    // The e-mail address would be refused too, were the patterns to read an over-long summary.
    expect(summaryIssues(`jane@example.com ${'a'.repeat(240_000)}`)).toEqual([referralMessages.summaryLength]);
  });
});

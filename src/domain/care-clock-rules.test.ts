import { describe, expect, it } from 'vitest';
import { careClockRulesFor, DEFAULT_CARE_CLOCK_RULES, STATE_CARE_CLOCK_RULES } from './care-clock-rules';
import { usStateCodes } from './us-states';

describe('careClockRulesFor', () => {
  it('keeps Medicare’s 48 hours and 30 days in every state', () => {
    for (const state of usStateCodes) {
      expect(careClockRulesFor(state)).toMatchObject({ startOfCareHours: 48, reassessmentIntervalDays: 30 });
    }
  });

  it('gives the defaults for a state without a row, and for an unknown code', () => {
    expect(careClockRulesFor('TX', {}, {})).toEqual(DEFAULT_CARE_CLOCK_RULES);
    expect(careClockRulesFor('ZZ', {}, {})).toEqual(DEFAULT_CARE_CLOCK_RULES);
  });

  it('reads a state’s row by its code in any case', () => {
    expect(careClockRulesFor(' tx ', {}, { TX: { supervisoryVisitIntervalDays: 14, coSignatureRequired: true } })).toMatchObject({
      supervisoryVisitIntervalDays: 14,
      coSignatureRequired: true,
    });
  });

  it.each([
    { story: 'an agency may ask for co-signature', row: {}, policy: { coSignatureRequired: true }, expected: { coSignatureRequired: true } },
    { story: 'an agency may not drop a state’s co-signature', row: { coSignatureRequired: true }, policy: { coSignatureRequired: false }, expected: { coSignatureRequired: true } },
    { story: 'an agency may co-sign sooner', row: { coSignatureWithinDays: 5 }, policy: { coSignatureWithinDays: 2 }, expected: { coSignatureWithinDays: 2 } },
    { story: 'an agency may not co-sign later', row: { coSignatureWithinDays: 5 }, policy: { coSignatureWithinDays: 10 }, expected: { coSignatureWithinDays: 5 } },
    { story: 'an agency may supervise more often', row: {}, policy: { supervisoryVisitIntervalDays: 21 }, expected: { supervisoryVisitIntervalDays: 21 } },
    { story: 'an agency may not supervise less often', row: { supervisoryVisitIntervalDays: 14 }, policy: { supervisoryVisitIntervalDays: 30 }, expected: { supervisoryVisitIntervalDays: 14 } },
  ])('$story', ({ row, policy, expected }) => {
    expect(careClockRulesFor('TX', policy, { TX: row })).toMatchObject(expected);
  });

  it('ships state rows only for real state codes', () => {
    for (const code of Object.keys(STATE_CARE_CLOCK_RULES)) expect(usStateCodes).toContain(code);
  });
});

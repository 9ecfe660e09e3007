import { describe, expect, it } from 'vitest';
import { agencyReliability, AGENCY_RELIABILITY_MIN_HISTORY, TOO_LITTLE_HISTORY } from './agency-reliability';

describe('agencyReliability', () => {
  it('shows each part as "on time of judged", joined', () => {
    const figure = agencyReliability({ notesReviewed: { onTime: 18, total: 20 }, payments: { onTime: 15, total: 15 } });
    expect(figure.enoughHistory).toBe(true);
    expect(figure.summary).toBe('Reviews notes on time: 18 of 20 · Pays on time: 15 of 15');
    expect(figure.parts.map((p) => p.key)).toEqual(['notes_reviewed', 'payments']);
  });

  it('says "Too little history yet" below the minimum, but still hands the parts over', () => {
    const figure = agencyReliability({ notesReviewed: { onTime: 2, total: 2 }, payments: { onTime: 1, total: AGENCY_RELIABILITY_MIN_HISTORY - 3 } });
    expect(figure.enoughHistory).toBe(false);
    expect(figure.summary).toBe(TOO_LITTLE_HISTORY);
    expect(figure.parts).toHaveLength(2);
  });

  it('counts both parts together towards the minimum', () => {
    const figure = agencyReliability({ notesReviewed: { onTime: 3, total: 3 }, payments: { onTime: 2, total: 2 } });
    expect(figure.enoughHistory).toBe(true);
  });

  it('leaves out a part with nothing judged instead of showing "0 of 0"', () => {
    const figure = agencyReliability({ notesReviewed: { onTime: 4, total: 6 }, payments: { onTime: 0, total: 0 } });
    expect(figure.summary).toBe('Reviews notes on time: 4 of 6');
    expect(figure.parts).toHaveLength(1);
  });

  it('never shows more on time than judged', () => {
    const figure = agencyReliability({ notesReviewed: { onTime: 9, total: 6 }, payments: { onTime: 0, total: 0 } });
    expect(figure.summary).toBe('Reviews notes on time: 6 of 6');
  });
});

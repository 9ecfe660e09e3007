import { describe, expect, it } from 'vitest';
import { formatSignupDate, pageCount, rangeLabel } from './format';

describe('admin list formatting', () => {
  it('formats a sign-up date for people, and nothing for a bad one', () => {
    expect(formatSignupDate('2026-03-05T15:00:00.000Z', 'America/Denver')).toBe('Mar 5, 2026');
    // 03:00Z on the 6th is still the evening of the 5th in Denver.
    expect(formatSignupDate('2026-03-06T03:00:00.000Z', 'America/Denver')).toBe('Mar 5, 2026');
    expect(formatSignupDate('not a date', 'America/Denver')).toBe('');
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(100, 20)).toBe(5);
  });

  it('describes the rows on screen', () => {
    expect(rangeLabel(1, 20, 20, 57)).toBe('Showing 1–20 of 57');
    expect(rangeLabel(3, 20, 17, 57)).toBe('Showing 41–57 of 57');
    expect(rangeLabel(1, 20, 0, 0)).toBe('Showing 0 of 0');
  });
});

import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount';

describe('formatAmount', () => {
  it('always shows cents, with thousands separators', () => {
    expect(formatAmount(175)).toBe('$175.00');
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect(formatAmount(0)).toBe('$0.00');
  });
});

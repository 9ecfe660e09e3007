import { describe, expect, it } from 'vitest';
import { formatRate } from './rates';

describe('formatRate', () => {
  it('shows whole dollars without cents and cents with two digits', () => {
    expect(formatRate(150)).toBe('$150');
    expect(formatRate(1000)).toBe('$1,000');
    expect(formatRate(150.5)).toBe('$150.50');
  });
});

import { describe, expect, it } from 'vitest';
import { pricing } from '../../domain/site';
import { formatPriceRange } from './price-range';

describe('formatPriceRange', () => {
  it('writes a per-visit range as the marketing copy quotes it', () => {
    expect(formatPriceRange({ min: 35, max: 65 })).toBe('$35-$65');
  });

  it('renders the physical therapy range from the site constants', () => {
    expect(formatPriceRange(pricing.physicalTherapyPerVisit)).toBe('$75-$120');
  });
});

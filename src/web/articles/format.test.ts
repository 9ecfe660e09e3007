import { describe, expect, it } from 'vitest';
import { formatPublishDate, queryPattern } from './format';

describe('formatPublishDate', () => {
  it('writes an ISO date as a US calendar date without shifting the day', () => {
    expect(formatPublishDate('2024-05-01')).toBe('May 1, 2024');
    expect(formatPublishDate('2023-12-31')).toBe('December 31, 2023');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatPublishDate('soon')).toBe('soon');
  });
});

describe('queryPattern', () => {
  it('matches any of the words, ignoring case', () => {
    const pattern = queryPattern('  oasis VISIT ');
    expect('Oasis visits'.split(pattern!)).toEqual(['', 'Oasis', ' ', 'visit', 's']);
  });

  it('treats regular-expression characters as plain text', () => {
    expect('C++ (and more)'.split(queryPattern('c++ (and')!)).toEqual(['', 'C++', ' ', '(and', ' more)']);
  });

  it('is null for a blank query', () => {
    expect(queryPattern('   ')).toBeNull();
  });
});

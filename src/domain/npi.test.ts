import { describe, expect, it } from 'vitest';
import { isValidNpi, npiWithCheckDigit } from './npi';

describe('isValidNpi', () => {
  it('accepts the example NPI from the CMS check-digit specification', () => {
    expect(isValidNpi('1234567893')).toBe(true);
  });

  it('rejects an NPI whose check digit does not match', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1234567894')).toBe(false);
  });

  it('rejects a number that passes plain Luhn but ignores the 80840 prefix', () => {
    expect(isValidNpi('1234567897')).toBe(false);
  });

  it('rejects two swapped digits', () => {
    expect(isValidNpi('2134567893')).toBe(false);
  });

  it('rejects anything but exactly ten digits', () => {
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('')).toBe(false);
  });

  it('rejects letters, spaces and punctuation', () => {
    expect(isValidNpi('12345678a3')).toBe(false);
    expect(isValidNpi('123 456 7893')).toBe(false);
    expect(isValidNpi('123456789-3')).toBe(false);
  });
});

describe('npiWithCheckDigit', () => {
  it('appends the check digit to nine digits', () => {
    expect(npiWithCheckDigit('123456789')).toBe('1234567893');
  });

  it('produces numbers that isValidNpi accepts', () => {
    for (const firstNine of ['100000000', '152038841', '199999999', '287654321']) {
      expect(isValidNpi(npiWithCheckDigit(firstNine))).toBe(true);
    }
  });

  it('refuses input that is not nine digits', () => {
    expect(() => npiWithCheckDigit('12345678')).toThrow('nine digits');
    expect(() => npiWithCheckDigit('12345678x')).toThrow('nine digits');
  });
});

/**
 * National Provider Identifier (NPI): ten digits, the last a check digit. CMS defines the check
 * digit as the Luhn check digit of the first nine digits prefixed with 80840 (the health-industry
 * issuer prefix), so a mistyped digit or a swapped pair is caught before anything is saved.
 */

const NINE_DIGITS = /^\d{9}$/;
const TEN_DIGITS = /^\d{10}$/;
const NPI_PREFIX = '80840';

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Walking from the right, every other digit starting with the rightmost is doubled, because the
  // check digit that will follow it takes the undoubled position.
  for (let index = digits.length - 1, double = true; index >= 0; index -= 1, double = !double) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The full ten-digit NPI for its first nine digits. Throws when `firstNine` is not nine digits. */
export function npiWithCheckDigit(firstNine: string): string {
  if (!NINE_DIGITS.test(firstNine)) throw new Error('An NPI starts with nine digits');
  return `${firstNine}${luhnCheckDigit(NPI_PREFIX + firstNine)}`;
}

/** True when `value` is ten digits whose last digit is the NPI check digit of the first nine. */
export function isValidNpi(value: string): boolean {
  return TEN_DIGITS.test(value) && npiWithCheckDigit(value.slice(0, 9)) === value;
}

/**
 * The short human reference of a referral (R-1042) and the label people tell referrals apart by.
 *
 * The label names the patient ("R-1042 · J. Smith") only for the referral's parties in a session
 * verified with a second factor, once the agency has added the patient: the server decides that and
 * passes the short name, and every read of it is audited. Everywhere else (lists for anyone else,
 * aal1, before the match, mail and SMS) the label carries the coarse place every eligible therapist
 * already sees ("R-1042 · Austin, TX"), so it is safe wherever it travels.
 */

export const REFERENCE_PREFIX = 'R-';

/** "R-1042". */
export function formatReference(referenceNumber: number): string {
  return `${REFERENCE_PREFIX}${referenceNumber}`;
}

/** "J. Smith": the first name's initial and the last name, as people write it on a schedule. */
export function patientShortName(firstName: string, lastName: string): string {
  // Array.from splits by code point, so a name starting with an accented or astral letter keeps it whole.
  const initial = Array.from(firstName.trim())[0]?.toLocaleUpperCase('en-US');
  const last = lastName.trim();
  return initial ? `${initial}. ${last}` : last;
}

export interface ReferralLabelParts {
  referenceNumber: number;
  /** The referral's coarse place: the city and state of the patient's ZIP. */
  city: string;
  state: string;
  /** Only for a party at aal2 (see above); null or absent anywhere else. */
  patientShortName?: string | null;
}

/** "R-1042 · J. Smith" for the referral's parties at aal2, "R-1042 · Austin, TX" everywhere else. */
export function referralLabel(parts: ReferralLabelParts): string {
  const who = parts.patientShortName?.trim() || `${parts.city}, ${parts.state}`;
  return `${formatReference(parts.referenceNumber)} · ${who}`;
}

export const referenceSearchMessage = 'Enter a reference such as R-1042 or 1042';

/** Digits, optionally after "R" or "R-": anchored, one quantifier, so it runs in linear time. */
const REFERENCE_SEARCH = /^(?:R-?)?(\d{1,9})$/i;
/** Longest input worth looking at: "R-" and nine digits (the column is a 32-bit integer). */
const MAX_SEARCH_LENGTH = 11;

/** The number a search box's text names ("R-1042", "r1042", " 1042 "), or null when it names none. */
export function parseReferenceSearch(input: string): number | null {
  const text = input.trim();
  if (text.length > MAX_SEARCH_LENGTH) return null;
  const digits = REFERENCE_SEARCH.exec(text)?.[1];
  return digits === undefined ? null : Number(digits);
}

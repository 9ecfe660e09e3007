import { createHash } from 'node:crypto';
import type { LeieEntry } from './leie-csv';

/** Pure parts of the LEIE check: how an entry is known across imports, and the words managers and therapists read. */

/**
 * An entry's identity across monthly imports (each import gives rows new ids): a hash of what the
 * list says about the person and the exclusion. A manager's dismissal holds for this entry only; if
 * OIG changes it (another exclusion date or type, an NPI added), it counts again.
 */
export function leieFingerprint(entry: Pick<LeieEntry, 'lastName' | 'firstName' | 'middleName' | 'npi' | 'dateOfBirth' | 'exclusionType' | 'excludedOn'>): string {
  const parts = [entry.lastName, entry.firstName, entry.middleName, entry.npi, entry.dateOfBirth ?? '', entry.exclusionType, entry.excludedOn ?? ''];
  return createHash('sha256').update(JSON.stringify(parts.map((part) => part.trim().toLowerCase()))).digest('hex');
}

const calendar = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** "Jan 15, 2020" from YYYY-MM-DD (a day, so formatted at UTC where no zone shifts it). */
export function leieDate(isoDate: string): string {
  return calendar.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** What therapist_profiles.suspension_reason says (the therapist and every gate read it). */
export function suspensionReasonFor(entries: ReadonlyArray<Pick<LeieEntry, 'excludedOn'>>): string {
  const dates = entries.map((e) => e.excludedOn).filter((d): d is string => d !== null).sort();
  return dates[0] ? `Listed on the OIG exclusion list (LEIE) since ${leieDate(dates[0])}` : 'Listed on the OIG exclusion list (LEIE)';
}

export type MatchedBy = 'npi' | 'name_dob';

/** "WOODS, JANE (PHYSICAL THERAPIST, TX), excluded Jan 15, 2020 under 1128b4, matched by NPI 1234567893". */
export function describeEntry(entry: LeieEntry, matchedBy: MatchedBy): string {
  const who = [entry.lastName, entry.firstName].filter(Boolean).join(', ') || entry.businessName || 'an entry';
  const what = [entry.specialty || entry.general, entry.state].filter(Boolean).join(', ');
  const when = entry.excludedOn ? `, excluded ${leieDate(entry.excludedOn)}` : '';
  const type = entry.exclusionType ? ` under ${entry.exclusionType}` : '';
  const how = matchedBy === 'npi' ? `matched by NPI ${entry.npi}` : 'matched by name and date of birth';
  return `${who}${what ? ` (${what})` : ''}${when}${type}, ${how}`;
}

/** The words of a clear check: what was compared, so a manager knows what "clear" covered. */
export function clearDetail(input: { npis: string[]; hasDateOfBirth: boolean; listDate: string; standIn: boolean; dismissed: number; stillSuspended: boolean }): string {
  const by = [
    input.npis.length > 0 ? `by NPI ${input.npis.join(', ')}` : 'not by NPI (none on file)',
    input.hasDateOfBirth ? 'by name and date of birth' : 'not by name and date of birth (no date of birth on file)',
  ];
  const parts = [
    `${input.standIn ? 'Checked against the built-in stand-in list, not the OIG list. ' : ''}Not on the OIG exclusion list (LEIE) imported ${input.listDate}: checked ${by.join(' and ')}.`,
  ];
  if (input.dismissed > 0) parts.push(`${input.dismissed === 1 ? 'One listed entry was' : `${input.dismissed} listed entries were`} judged by a manager not to be this therapist.`);
  if (input.stillSuspended) parts.push('The suspension stays until a manager lifts it.');
  return parts.join(' ');
}

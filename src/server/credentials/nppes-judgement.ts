import type { Discipline } from '../../domain/accounts';
import type { NppesAnswer, NppesRecord } from './nppes-registry';

/**
 * The pure judgement of an NPPES answer against what the therapist told us. No I/O.
 *
 * NUCC Health Care Provider Taxonomy codes per discipline (a specialty of the discipline shares the
 * prefix: 2251… are physical therapists' specialties, 225X… occupational therapists'):
 * PT 225100000X, PTA 225200000X, OT 225X00000X, COTA 224Z00000X, speech-language pathologist
 * 235Z00000X.
 */
export const taxonomyByDiscipline: Record<Discipline, { code: string; prefix: string; name: string }> = {
  PT: { code: '225100000X', prefix: '2251', name: 'Physical Therapist' },
  PTA: { code: '225200000X', prefix: '2252', name: 'Physical Therapy Assistant' },
  OT: { code: '225X00000X', prefix: '225X', name: 'Occupational Therapist' },
  COTA: { code: '224Z00000X', prefix: '224Z', name: 'Occupational Therapy Assistant' },
  ST: { code: '235Z00000X', prefix: '235Z', name: 'Speech-Language Pathologist' },
};

export interface NppesSubject {
  npi: string;
  firstName: string;
  lastName: string;
  disciplines: readonly Discipline[];
}

export interface NppesVerdict {
  outcome: 'clear' | 'review';
  detail: string;
}

const normal = (name: string | undefined) =>
  (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Last names equal (ignoring case, accents, spaces and hyphens); first names equal or one is the other's initial. */
function namesAgree(record: NppesRecord, subject: NppesSubject): boolean {
  const last = normal(record.basic.last_name);
  const first = normal(record.basic.first_name);
  const ourFirst = normal(subject.firstName);
  if (!last || last !== normal(subject.lastName) || !first || !ourFirst) return false;
  if (first === ourFirst) return true;
  return (first.length === 1 && ourFirst.startsWith(first)) || (ourFirst.length === 1 && first.startsWith(ourFirst));
}

const nameOf = (record: NppesRecord) => `${record.basic.first_name ?? ''} ${record.basic.last_name ?? ''}`.trim() || record.basic.organization_name || 'no name';

/** Clear only when the number is known, active, an individual's, in the therapist's name and with a taxonomy of their discipline. */
export function judgeNppesAnswer(answer: NppesAnswer, subject: NppesSubject): NppesVerdict {
  const review = (why: string): NppesVerdict => ({ outcome: 'review', detail: `NPI ${subject.npi}: ${why}. A manager should check it.` });
  if (answer.Errors?.length) {
    return review(`NPPES refused the query (${answer.Errors.map((e) => e.description ?? 'an error').join('; ')})`);
  }
  const record = answer.results?.find((r) => r.number === subject.npi);
  if (answer.result_count === 0 || !record) return review('not found in NPPES (unknown or deactivated)');

  const problems: string[] = [];
  if (record.basic.status !== 'A') problems.push(`its status is ${record.basic.status ?? 'not given'}, not active`);
  if (record.enumeration_type !== 'NPI-1') problems.push(`it belongs to an organization (${record.enumeration_type}), not an individual`);
  if (!namesAgree(record, subject)) problems.push(`NPPES names ${nameOf(record)}, not ${subject.firstName} ${subject.lastName}`);
  const wanted = subject.disciplines.map((d) => taxonomyByDiscipline[d]);
  const taxonomyFits = record.taxonomies.some((t) => wanted.some((w) => t.code.toUpperCase().startsWith(w.prefix)));
  if (!taxonomyFits) {
    const listed = record.taxonomies.map((t) => `${t.code}${t.desc ? ` ${t.desc}` : ''}`).join(', ') || 'none';
    problems.push(`no taxonomy for ${wanted.map((w) => `${w.name} (${w.code})`).join(' or ')}; NPPES lists ${listed}`);
  }
  if (problems.length > 0) return review(problems.join('; '));
  const taxonomy = record.taxonomies.find((t) => wanted.some((w) => t.code.toUpperCase().startsWith(w.prefix)));
  return {
    outcome: 'clear',
    detail: `NPI ${subject.npi} is active in NPPES for ${nameOf(record)}, taxonomy ${taxonomy?.code ?? ''}${taxonomy?.desc ? ` ${taxonomy.desc}` : ''}; name and taxonomy agree.`,
  };
}

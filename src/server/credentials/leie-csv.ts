/**
 * The LEIE's published CSV read as it streams in, in time linear in its size (the full list is
 * about 80,000 rows): RFC 4180 fields, quoted where they hold commas, quotes ("" inside quotes) or
 * line breaks; CRLF or LF line ends. No I/O of its own.
 */

/** Each record of CSV text arriving in chunks of any size (a quoted field may span chunks). Throws on an unterminated quote. */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  // Inside a quoted field, a quote is either the first of an escaped pair or the field's end: the next character decides.
  let quoteSeen = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        } else if (c === '"') {
          quoteSeen = true;
          continue;
        } else {
          field += c;
          continue;
        }
      }
      if (c === '"' && field === '') {
        quoted = true;
      } else if (c === ',') {
        record.push(field);
        field = '';
      } else if (c === '\n') {
        record.push(field);
        field = '';
        if (record.length > 1 || record[0] !== '') yield record;
        record = [];
      } else if (c !== '\r') {
        field += c;
      }
    }
  }
  if (quoted && !quoteSeen) throw new Error('The file ends inside a quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}

/** One exclusion as leie_exclusions keeps it (dates YYYY-MM-DD, empty NPI when the list has none). */
export interface LeieEntry {
  lastName: string;
  firstName: string;
  middleName: string;
  businessName: string;
  general: string;
  specialty: string;
  npi: string;
  dateOfBirth: string | null;
  state: string;
  exclusionType: string;
  excludedOn: string | null;
  reinstatedOn: string | null;
}

const REQUIRED_COLUMNS = ['LASTNAME', 'FIRSTNAME', 'MIDNAME', 'BUSNAME', 'GENERAL', 'SPECIALTY', 'NPI', 'DOB', 'STATE', 'EXCLTYPE', 'EXCLDATE', 'REINDATE'] as const;

/** YYYYMMDD → YYYY-MM-DD; the list writes 00000000 (or nothing) for no date. */
function dateOf(value: string): string | null {
  const v = value.trim();
  if (!/^\d{8}$/.test(v) || v === '00000000') return null;
  return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
}

/** The list's NPI column: 0000000000 (or nothing) when the entry has none. */
function npiOf(value: string): string {
  const v = value.trim();
  return /^\d{10}$/.test(v) && v !== '0000000000' ? v : '';
}

/**
 * The entries of an LEIE CSV, by its header's column names (LASTNAME, FIRSTNAME, …, NPI, DOB,
 * EXCLTYPE, EXCLDATE, REINDATE). Throws when a needed column is missing, so a page of HTML or a
 * different file is a failed import, never an empty list.
 */
export async function* leieEntries(chunks: AsyncIterable<string>): AsyncGenerator<LeieEntry> {
  type Column = (typeof REQUIRED_COLUMNS)[number];
  let index: Record<Column, number> | null = null;
  for await (const record of csvRecords(chunks)) {
    if (!index) {
      const header = record.map((name) => name.trim().replace(/^\uFEFF/, '').toUpperCase());
      const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
      if (missing.length > 0) throw new Error(`The file is not the LEIE list: it has no ${missing.join(', ')} column`);
      index = Object.fromEntries(REQUIRED_COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<Column, number>;
      continue;
    }
    const at = (name: Column) => (record[index![name]] ?? '').trim();
    yield {
      lastName: at('LASTNAME'),
      firstName: at('FIRSTNAME'),
      middleName: at('MIDNAME'),
      businessName: at('BUSNAME'),
      general: at('GENERAL'),
      specialty: at('SPECIALTY'),
      npi: npiOf(at('NPI')),
      dateOfBirth: dateOf(at('DOB')),
      state: at('STATE'),
      exclusionType: at('EXCLTYPE'),
      excludedOn: dateOf(at('EXCLDATE')),
      reinstatedOn: dateOf(at('REINDATE')),
    };
  }
  if (!index) throw new Error('The file is empty');
}

import { describe, expect, it } from 'vitest';
import { LEIE_SAMPLE_CSV } from '../../../test/leie-double';
import { csvRecords, leieEntries } from './leie-csv';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The text cut into chunks of `size` characters, as a download arrives. */
async function* chunks(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

describe('reading the LEIE CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, however the text is cut', async () => {
    for (const size of [1, 2, 7, 1000]) {
      const records = await collect(csvRecords(chunks('a,"b, c","say ""hi""",\r\n"two\r\nlines",x\n\nlast', size)));
      expect(records).toEqual([
        ['a', 'b, c', 'say "hi"', ''],
        ['two\r\nlines', 'x'],
        ['last'],
      ]);
    }
  });

  it('refuses a file that ends inside a quoted field', async () => {
    await expect(collect(csvRecords(chunks('a,"never closed', 4)))).rejects.toThrow('quoted field');
  });

  it('turns the sample list into entries: dates as YYYY-MM-DD, no NPI for 0000000000, the reinstatement date kept', async () => {
    const entries = await collect(leieEntries(chunks(LEIE_SAMPLE_CSV, 13)));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ lastName: 'ONEIL, JR', firstName: 'PAT', npi: '', dateOfBirth: '1970-01-01', excludedOn: '2019-03-01', reinstatedOn: null, exclusionType: '1128b4' });
    expect(entries[1]).toMatchObject({ businessName: 'SUNRISE HOME HEALTH, LLC', npi: '1497758544', dateOfBirth: null, state: 'FL' });
    expect(entries[2]).toMatchObject({ lastName: 'RIVERA', reinstatedOn: '2022-01-01' });
  });

  it('refuses a file without the list’s columns (an error page, another file) rather than importing nothing', async () => {
    await expect(collect(leieEntries(chunks('<html><body>Maintenance</body></html>', 100)))).rejects.toThrow('not the LEIE list');
    await expect(collect(leieEntries(chunks('', 100)))).rejects.toThrow('empty');
  });

  it('reads 80,000 rows in linear time', async () => {
    const line = 'DOE,JANE,,,IND- LIC HC SERV PRO,PHYSICAL THERAPIST,,0000000000,19700101,"1 MAIN ST, APT 2",AUSTIN,TX,78701,1128b4,20200101,00000000,00000000,';
    const text = `${LEIE_SAMPLE_CSV.split('\r\n')[0]}\r\n${`${line}\r\n`.repeat(80_000)}`;
    const started = performance.now();
    let count = 0;
    for await (const _ of leieEntries(chunks(text, 65_536))) count++;
    expect(count).toBe(80_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

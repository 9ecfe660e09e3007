import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evvColumnsMarkdown, evvExportColumns } from './columns';

/** docs/evv-export.md lists the columns between these markers, as evvColumnsMarkdown() writes them. */
const BEGIN = '<!-- columns: generated from src/server/evv-export/columns.ts -->';
const END = '<!-- end of columns -->';

describe('the EVV export’s documented column list', () => {
  it('docs/evv-export.md lists exactly the columns of columns.ts, in order, with their descriptions', () => {
    const doc = readFileSync(new URL('../../../docs/evv-export.md', import.meta.url), 'utf8');
    const listed = doc.slice(doc.indexOf(BEGIN) + BEGIN.length, doc.indexOf(END)).trim();
    expect(doc).toContain(BEGIN);
    // On a change to columns.ts, paste the expected text shown here between the markers.
    expect(listed).toBe(evvColumnsMarkdown());
  });

  it('describes every column and never exports the drawn signature', () => {
    const keys = evvExportColumns.map((column) => column.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const column of evvExportColumns) expect(column.description.length).toBeGreaterThan(10);
    expect(keys.filter((key) => /stroke|drawing|image/.test(key))).toEqual([]);
  });
});

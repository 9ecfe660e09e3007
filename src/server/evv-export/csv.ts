import { csvField } from '../payments/service';
import { evvExportColumns, type EvvExportRow } from './columns';

/**
 * The export as CSV (RFC 4180: CRLF line ends, fields quoted where they hold a comma, quote or line
 * break), the header being the column keys. csvField also prefixes a text cell starting with = + - @
 * with ' so a spreadsheet never runs a patient's or therapist's text as a formula.
 */
export function evvCsv(rows: EvvExportRow[]): string {
  const lines = [evvExportColumns.map((column) => column.key).join(',')];
  for (const row of rows) lines.push(evvExportColumns.map((column) => csvField(row[column.key])).join(','));
  return lines.map((line) => `${line}\r\n`).join('');
}

import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

export const LEIE_HEADER = 'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';

/** test/fixtures/leie-sample.csv: a few entries in the published format, with quoted commas, quotes and a line break inside a field. */
export const LEIE_SAMPLE_CSV = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'leie-sample.csv'), 'utf8');

export interface LeieRowInput {
  lastName: string;
  firstName: string;
  npi?: string;
  /** YYYYMMDD, as the list writes it. */
  dob?: string;
  specialty?: string;
  state?: string;
  excludedOn?: string;
  reinstatedOn?: string;
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One CSV line of the list for a person (the rest of the columns filled as the list fills them). */
export function leieLine(row: LeieRowInput): string {
  return [
    row.lastName.toUpperCase(),
    row.firstName.toUpperCase(),
    '',
    '',
    'IND- LIC HC SERV PRO',
    row.specialty ?? 'PHYSICAL THERAPIST',
    '',
    row.npi ?? '0000000000',
    row.dob ?? '00000000',
    '100 MAIN ST, APT 2',
    'AUSTIN',
    row.state ?? 'TX',
    '78701',
    '1128b4',
    row.excludedOn ?? '20240115',
    row.reinstatedOn ?? '00000000',
    '00000000',
    '',
  ]
    .map(quote)
    .join(',');
}

/** The sample list plus these people, as the OIG's UPDATED.csv would carry them (CRLF line ends). */
export function leieCsv(rows: LeieRowInput[] = []): string {
  return [LEIE_SAMPLE_CSV.trimEnd(), ...rows.map(leieLine)].join('\r\n') + '\r\n';
}

/**
 * A local stand-in for the OIG's download (GET /exclusions/UPDATED.csv): serves `csv`, answers 503
 * the next `failures` times, or with `breakAfterBytes` sends that much of the file and then drops
 * the connection (a download that fails part-way).
 */
export class LeieDouble {
  csv = leieCsv();
  failures = 0;
  breakAfterBytes: number | undefined;
  requests = 0;
  port = 0;
  private server = http.createServer((req, res) => {
    if (req.url !== '/exclusions/UPDATED.csv') return res.writeHead(404).end();
    this.requests += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      return res.writeHead(503).end('Service Unavailable');
    }
    const body = Buffer.from(this.csv, 'utf8');
    if (this.breakAfterBytes !== undefined) {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(body.length) });
      res.write(body.subarray(0, this.breakAfterBytes), () => res.destroy());
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
  });

  async start() {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/exclusions/UPDATED.csv`;
  }

  /** The app's settings for importing from this double. */
  get env(): Record<string, string> {
    return { LEIE_CSV_URL: this.url };
  }
}

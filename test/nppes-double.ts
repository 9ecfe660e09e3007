import http from 'node:http';
import type { Socket } from 'node:net';
import type { NppesRecord } from '../src/server/credentials/nppes-registry';
import { freePort } from './ports';

/** An individual's active record in the NPI Registry API's shape (version 2.1), for `NppesDouble.add`. */
export function nppesRecord(input: { npi: string; firstName: string; lastName: string; taxonomy?: string; desc?: string; status?: string; type?: string }): NppesRecord {
  return {
    number: input.npi,
    enumeration_type: input.type ?? 'NPI-1',
    basic: { first_name: input.firstName.toUpperCase(), last_name: input.lastName.toUpperCase(), status: input.status ?? 'A' },
    taxonomies: [{ code: input.taxonomy ?? '225100000X', desc: input.desc ?? 'Physical Therapist', primary: true, state: 'TX', license: '1234' }],
  };
}

/**
 * A local stand-in for the NPPES NPI Registry API (GET /api/?version=2.1&number=<npi>): answers
 * `{ result_count, results }` for the records it was given, `result_count: 0` otherwise, and
 * `{ Errors: [...] }` for a query without version 2.1 or a number. It can be told to answer 503 the
 * next `failures` times, or to hang (never answer) until told otherwise. `queries` records the NPIs asked.
 */
export class NppesDouble {
  readonly records = new Map<string, NppesRecord>();
  readonly queries: string[] = [];
  failures = 0;
  hang = false;
  port = 0;
  private sockets = new Set<Socket>();
  private server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/') return res.writeHead(404).end();
    const number = url.searchParams.get('number') ?? '';
    this.queries.push(number);
    if (this.hang) return;
    if (this.failures > 0) {
      this.failures -= 1;
      return res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
    }
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.searchParams.get('version') !== '2.1') return json({ Errors: [{ description: 'Version 2.1 is required', field: 'version' }] });
    if (!number) return json({ Errors: [{ description: 'No valid search criteria provided', field: 'generic' }] });
    const record = this.records.get(number);
    json(record ? { result_count: 1, results: [record] } : { result_count: 0, results: [] });
  });

  async start() {
    this.port = await freePort();
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  stop() {
    for (const socket of this.sockets) socket.destroy();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  add(record: NppesRecord) {
    this.records.set(record.number, record);
  }

  get url() {
    return `http://127.0.0.1:${this.port}/api/`;
  }

  /** The app's settings for asking this double instead of NPPES. */
  get env(): Record<string, string> {
    return { NPPES_API_URL: this.url };
  }
}

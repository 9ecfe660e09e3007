import http from 'node:http';
import type { Socket } from 'node:net';
import type { GeoPoint } from '../src/domain/geo';
import { freePort } from './ports';

/** The query the double was asked: the address's parts as sent. */
export interface GeocoderQuery {
  street: string;
  city: string;
  state: string;
  zip: string;
  benchmark: string | null;
  format: string | null;
}

/**
 * A local stand-in for the US Census Geocoder's "locations/address" service
 * (GET /geocoder/locations/address?street=&city=&state=&zip=&benchmark=Public_AR_Current&format=json):
 * answers `{ result: { input, addressMatches: [...] } }` in the service's shape, with one match at the
 * point it was given for that street (`add`), none otherwise, and HTTP 400 with `{ errors, status }`
 * for a query without a street or benchmark, as the service does. It can be told to answer 500 the
 * next `failures` times, to send something that is not JSON (`malformed`), or to hang (answer
 * nothing until `release()`).
 * `queries` records what was asked.
 */
export class GeocoderDouble {
  readonly places = new Map<string, GeoPoint>();
  readonly queries: GeocoderQuery[] = [];
  failures = 0;
  malformed = false;
  hang = false;
  port = 0;
  private sockets = new Set<Socket>();
  private hung: { query: GeocoderQuery; res: http.ServerResponse }[] = [];
  private server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/geocoder/locations/address') return res.writeHead(404).end();
    const query: GeocoderQuery = {
      street: url.searchParams.get('street') ?? '',
      city: url.searchParams.get('city') ?? '',
      state: url.searchParams.get('state') ?? '',
      zip: url.searchParams.get('zip') ?? '',
      benchmark: url.searchParams.get('benchmark'),
      format: url.searchParams.get('format'),
    };
    this.queries.push(query);
    if (this.hang) {
      this.hung.push({ query, res });
      return;
    }
    if (this.failures > 0) {
      this.failures -= 1;
      return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    }
    if (this.malformed) return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    this.answer(query, res);
  });

  private answer(query: GeocoderQuery, res: http.ServerResponse) {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!query.street || !query.benchmark) return json(400, { errors: ['Street and benchmark are required'], status: '400' });
    const point = this.places.get(GeocoderDouble.key(query.street, query.zip));
    const input = { address: { street: query.street, city: query.city, state: query.state, zip: query.zip }, benchmark: { benchmarkName: query.benchmark } };
    const matches = point
      ? [
          {
            tigerLine: { side: 'L', tigerLineId: '76355984' },
            coordinates: { x: point.longitude, y: point.latitude },
            addressComponents: { zip: query.zip, city: query.city.toUpperCase(), state: query.state },
            matchedAddress: `${query.street.toUpperCase()}, ${query.city.toUpperCase()}, ${query.state}, ${query.zip}`,
          },
        ]
      : [];
    json(200, { result: { input, addressMatches: matches } });
  }

  private static key(street: string, zip: string) {
    return `${street.trim().toUpperCase()}|${zip.trim()}`;
  }

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

  /** Stops hanging, and answers the questions it hung on, in the order they came (their askers may have given up already). */
  release() {
    this.hang = false;
    for (const { query, res } of this.hung.splice(0)) if (!res.destroyed) this.answer(query, res);
  }

  /** The point the service knows for a street in a ZIP. */
  add(street: string, zip: string, point: GeoPoint) {
    this.places.set(GeocoderDouble.key(street, zip), point);
  }

  get url() {
    return `http://127.0.0.1:${this.port}/geocoder/`;
  }

  /** The app's settings for asking this double instead of the Census Geocoder. */
  get env(): Record<string, string> {
    return { GEOCODER_URL: this.url };
  }
}

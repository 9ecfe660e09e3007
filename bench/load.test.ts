import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure } from './load';

describe('measure (the benchmarks’ load generator)', () => {
  const served = { ok: 0, missing: 0, withoutHeader: 0 };
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    // Every other answer is a 404 in chunked coding; the rest, 5 kB with a Content-Length.
    server = http.createServer((request, response) => {
      if (request.headers['x-asked'] !== 'yes') served.withoutHeader++;
      if ((served.ok + served.missing) % 2 === 0) {
        served.ok++;
        response.writeHead(200, { 'content-length': 5000 }).end('x'.repeat(5000));
      } else {
        served.missing++;
        response.writeHead(404);
        response.write('not ');
        response.end('found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/any?x=1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts each answer the server completed, and the non-2xx among them, on keep-alive connections', async () => {
    const connections = 4;
    const result = await measure('test', url, { connections, durationSeconds: 0.5, warmupSeconds: 0 }, { 'x-asked': 'yes' });
    const completed = Math.round(result.requestsPerSecond * 0.5);
    // At most one answer a connection was on its way when the run ended, and went uncounted.
    expect(completed).toBeGreaterThan(10);
    expect(completed).toBeLessThanOrEqual(served.ok + served.missing);
    expect(completed).toBeGreaterThanOrEqual(served.ok + served.missing - connections);
    expect(result.non2xx).toBeLessThanOrEqual(served.missing);
    expect(result.non2xx).toBeGreaterThanOrEqual(served.missing - connections);
    expect(result.errors).toBe(0);
    expect(served.withoutHeader).toBe(0);
    expect(result.latencyP99Ms).toBeGreaterThanOrEqual(result.latencyP50Ms);
  });
});

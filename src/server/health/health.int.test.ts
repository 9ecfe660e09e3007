import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/health', () => {
  it('reports the database and the job queue up', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' }, jobs: { status: 'up' } });
  });

  it('answers 503 and names the database when it is gone', async () => {
    // A second runtime's pool pointed at a closed pool: simulate by ending the pool of a throwaway app.
    const broken = await startTestApp();
    await broken.runtime.database.pool.end();
    const response = await fetch(`${broken.url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    await broken.close();
  });

  it('tags each response with a request id, keeping a well-formed one from the caller', async () => {
    const own = await fetch(`${app.url}/api/health`, { headers: { 'x-request-id': 'trace-123' } });
    expect(own.headers.get('x-request-id')).toBe('trace-123');
    const generated = await fetch(`${app.url}/api/health`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the API's security headers: a policy that allows nothing, and no sniffing", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

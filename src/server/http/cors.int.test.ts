import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';

const partner = 'https://partner.example.test';
const evil = 'https://evil.example.test';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: partner });
});
afterAll(() => app.close());

const varyOf = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());

function preflight(path: string, headers: Record<string, string>) {
  return fetch(`${app.url}${path}`, { method: 'OPTIONS', headers });
}

describe('CORS', () => {
  it('lets an allowed origin read an answer, with its cookies', async () => {
    const response = await fetch(`${app.url}/api/site`, { headers: { origin: partner } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(partner);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(varyOf(response)).toContain('origin');
  });

  it('the app itself (its public URL) is an allowed origin', async () => {
    const response = await fetch(`${app.url}/api/site`, { headers: { origin: app.url } });
    expect(response.headers.get('access-control-allow-origin')).toBe(app.url);
  });

  it('gives any other origin nothing a browser would let it read', async () => {
    for (const origin of [evil, `${partner}.evil.example.test`, 'null', partner.replace('https:', 'http:')]) {
      const response = await fetch(`${app.url}/api/site`, { headers: { origin } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('varies every answer by Origin, so a cache never hands one origin the answer given to another', async () => {
    const withoutOrigin = await fetch(`${app.url}/api/site`);
    expect(withoutOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(varyOf(withoutOrigin)).toContain('origin');
    // A compressed answer varies by both.
    const compressed = await fetch(`${app.url}/api/faqs`, { headers: { origin: partner, 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(varyOf(compressed)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it('answers an allowed origin’s preflight before authentication, with no body', async () => {
    const response = await preflight('/api/me', {
      origin: partner,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-length')).toBe('0');
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe(partner);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')?.split(',')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(varyOf(response)).toEqual(expect.arrayContaining(['origin', 'access-control-request-headers']));
  });

  it('answers a preflight from any other origin without allowing it', async () => {
    const response = await preflight('/api/site', { origin: evil, 'access-control-request-method': 'GET' });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses an OPTIONS request that is not a preflight', async () => {
    expect((await preflight('/api/site', {})).status).toBe(400);
    expect((await preflight('/api/site', { origin: partner })).status).toBe(400);
    expect((await preflight('/api/site', { 'access-control-request-method': 'GET' })).status).toBe(400);
  });
});

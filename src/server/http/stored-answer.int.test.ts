import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { getArticle, listArticles, listFaqs } from '../content/service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The response as it comes off the wire, body not decoded (fetch would decode it). */
const get = (url: string, headers: Record<string, string> = {}) => app.runtime.app.inject({ method: 'GET', url, headers });

// The public answers that change only with a deploy, and what each must say.
const answers = [
  ['/api/site', () => ({ demoSchedulingUrl: app.config.demoSchedulingUrl, sessionIdleSeconds: app.config.sessionIdleSeconds, socialProviders: [] })],
  ['/api/articles', () => listArticles()],
  ['/api/articles/per-visit-pay-rates-explained', () => getArticle({ id: 'per-visit-pay-rates-explained' })],
  ['/api/faqs', () => listFaqs()],
] as const;

describe.each(answers)('GET %s', (url, expected) => {
  it('answers the same JSON each time, with a strong ETag, revalidated on each use', async () => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual(expected());
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await get(url);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 without a body to a client that has it already, and the answer again to one whose copy is old', async () => {
    const { etag } = (await get(url)).headers as { etag: string };
    const unchanged = await get(url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': `"stale", W/${etag}` })).statusCode).toBe(304);

    const changed = await get(url, { 'if-none-match': '"from-an-older-deploy"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(expected());
  });
});

describe('a stored answer over 1 kB', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('comes %s-compressed to a client that accepts it, with an ETag of its own', async (coding, decode) => {
    const plain = await get('/api/articles');
    const compressed = await get('/api/articles', { 'accept-encoding': coding });
    expect(compressed.headers['content-encoding']).toBe(coding);
    expect(String(compressed.headers.vary)).toMatch(/\bAccept-Encoding\b/i);
    expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.headers.etag).not.toBe(plain.headers.etag);
    const unchanged = await get('/api/articles', { 'accept-encoding': coding, 'if-none-match': compressed.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
  });
});

describe('GET /api/articles/:id of an unknown article', () => {
  it('answers 404 NOT_FOUND as before', async () => {
    const response = await get('/api/articles/no-such-article');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

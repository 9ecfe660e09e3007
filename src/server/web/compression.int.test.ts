import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { precompressFolder } from '../../web/build/precompress';

// A web build as `npm run build` leaves it: a hashed script under /assets/, a file of the public
// folder, index.html, and the .br and .gz the build's precompress step writes beside them.
const SCRIPT = '/assets/app-D4kS60RJ.js';
const LOGO = '/logos/harbor-home-health.svg';
const scriptText = Array.from({ length: 200 }, (_, n) => `export const line${n} = "referral ${n} is matched";`).join('\n');
const logoText = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10"/>'.repeat(60)}</svg>`;
// A page rendered at build time, larger than deflate's 32 kB window.
const articlesHtml = `<!doctype html><html lang="en"><head><title>Articles</title></head><body>${Array.from({ length: 600 }, (_, n) => `<article><h2>Article ${n}</h2><p>Per-visit pay for visit ${n * 7}.</p></article>`).join('')}</body></html>`;
const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>CareRelay</title>${'<link rel="modulepreload" href="/assets/chunk.js" />'.repeat(20)}</head><body><div id="root"></div><script type="module" src="${SCRIPT}"></script></body></html>`;

let webRoot: string;
let app: TestApp;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'carerelay-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await mkdir(path.join(webRoot, 'logos'));
  await mkdir(path.join(webRoot, 'prerendered'));
  await writeFile(path.join(webRoot, 'prerendered', 'articles.html'), articlesHtml);
  await writeFile(path.join(webRoot, SCRIPT), scriptText);
  await writeFile(path.join(webRoot, LOGO), logoText);
  await writeFile(path.join(webRoot, 'index.html'), indexHtml);
  await precompressFolder(webRoot);
  app = await startTestApp({ WEB_DIST_DIR: webRoot });
});
afterAll(async () => {
  await app?.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** The response as it comes off the wire, body not decoded (fetch would decode it). */
const get = (url: string, acceptEncoding?: string) =>
  app.runtime.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

describe('a hashed script of the web build', () => {
  it.each(['br', 'gzip'])('comes %s-compressed to a client that accepts it, the same bytes once decoded', async (coding) => {
    const response = await get(SCRIPT, coding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload.length).toBeLessThan(scriptText.length / 3);
    expect(decoders[coding]!(response.rawPayload)).toEqual(await readFile(path.join(webRoot, SCRIPT)));
  });

  it('comes as it is to a client that accepts no compression', async () => {
    const response = await get(SCRIPT);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(scriptText);
  });

  it('is kept for a year by browsers and caches, by coding, whichever coding it came in', async () => {
    for (const coding of [undefined, 'br', 'gzip']) {
      const response = await get(SCRIPT, coding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary)).toMatch(/\bAccept-Encoding\b/i);
    }
  });
});

describe('a file of the public folder (its name has no hash)', () => {
  it('is compressed too, and revalidated on each use', async () => {
    const response = await get(LOGO, 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(logoText);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('a page of the web app', () => {
  it.each([
    ['br', '/referrals/near-me', indexHtml],
    ['gzip', '/referrals/near-me', indexHtml],
    ['br', '/articles', articlesHtml],
    ['gzip', '/articles', articlesHtml],
  ])('comes %s-compressed (%s), the same bytes each time, with an ETag, revalidated on each use', async (coding, url, html) => {
    const first = await get(url, coding);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-encoding']).toBe(coding);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers.vary)).toMatch(/\bAccept-Encoding\b/i);
    expect(first.rawPayload.length).toBeLessThan(html.length / 3);
    expect(decoders[coding]!(first.rawPayload).toString()).toBe(html);
    const second = await get(url, coding);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body to a browser whose copy is current, and the page to one whose copy is old', async () => {
    const { etag } = (await get('/articles', 'br')).headers as { etag: string };
    const unchanged = await app.runtime.app.inject({ method: 'GET', url: '/articles', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    const old = await app.runtime.app.inject({ method: 'GET', url: '/articles', headers: { 'accept-encoding': 'br', 'if-none-match': '"an-older-deploy"' } });
    expect(old.statusCode).toBe(200);
    expect(brotliDecompressSync(old.rawPayload).toString()).toBe(articlesHtml);
  });

  it('comes as it is to a client that accepts no compression', async () => {
    const response = await get('/referrals/near-me');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<div id="root"></div>');
    expect(String(response.headers.vary)).toMatch(/\bAccept-Encoding\b/i);
  });

  it('comes in brotli to a browser that accepts gzip and brotli, and never in a coding the client refuses', async () => {
    expect((await get('/articles', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get('/articles', 'gzip, br;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await get('/articles', 'br, gzip;q=0')).headers['content-encoding']).toBe('br');
    expect((await get('/articles', 'br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
  });
});

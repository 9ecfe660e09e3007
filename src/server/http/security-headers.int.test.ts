import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';

let webRoot: string;
let app: TestApp;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'carerelay-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title>CareRelay</title></head><body></body></html>');
  app = await startTestApp({ WEB_DIST_DIR: webRoot });
});
afterAll(async () => {
  await app?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const styleSources = (policy: string) => policy.split(';').find((directive) => directive.startsWith('style-src '));

describe('the Content-Security-Policy', () => {
  it('of an API answer allows no inline style: it carries no nonce', async () => {
    const response = await fetch(`${app.url}/api/site`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(styleSources(policy)).toBe("style-src 'self'");
    expect(policy).not.toContain('nonce');
  });

  it("of a page is the same policy, with that page's own nonce allowed for styles", async () => {
    const api = (await fetch(`${app.url}/api/site`)).headers.get('content-security-policy') ?? '';
    const page = await fetch(`${app.url}/referrals`);
    const html = await page.text();
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)" \/>/.exec(html)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(styleSources(policy)).toBe(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy.replace(` 'nonce-${nonce}'`, '')).toBe(api);
  });

  it('gives every page response a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (let n = 0; n < 300; n++) {
      const policy = (await fetch(`${app.url}/`)).headers.get('content-security-policy') ?? '';
      nonces.add(/'nonce-([^']+)'/.exec(policy)?.[1] ?? '');
    }
    expect(nonces.size).toBe(300);
  });
});

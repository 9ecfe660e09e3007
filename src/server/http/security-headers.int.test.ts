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
  await writeFile(path.join(webRoot, 'robots.txt'), 'User-agent: *\n');
  app = await startTestApp({ WEB_DIST_DIR: webRoot, API_DOCS: 'true' });
});
afterAll(async () => {
  await app?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const styleSources = (policy: string) => policy.split(';').find((directive) => directive.startsWith('style-src '));

/** Headers that govern a document (its window, links and scripts): a page has them, a JSON answer has no use for them. */
const documentOnly = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

describe('an answer of the API', () => {
  it('has a policy that loads nothing and frames nowhere, no sniffing, no cross-origin reads, and none of the document headers', async () => {
    const answers = [
      await fetch(`${app.url}/api/site`),
      // Refused and unknown addresses alike.
      await fetch(`${app.url}/api/me`),
      await fetch(`${app.url}/api/no-such-thing`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(apiPolicy);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      for (const name of Object.keys(documentOnly)) expect(answer.headers.get(name), name).toBeNull();
    }
  });

  it('carries HSTS when the app is served over https', async () => {
    const https = await startTestApp({ WEB_DIST_DIR: webRoot, PUBLIC_URL: 'https://carerelay.example' });
    try {
      for (const url of ['/api/site', '/']) {
        const answer = await https.runtime.app.inject({ url });
        expect(answer.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await https.close();
    }
  });
});

describe('a document', () => {
  it('has the page policy, which allows no inline style or script, and the document headers, page and file alike', async () => {
    const file = await fetch(`${app.url}/robots.txt`);
    expect(file.status).toBe(200);
    const policy = file.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('nonce-');
    expect(styleSources(policy)).toBe("style-src 'self'");

    // A page needs no nonce either (src/web/style-singleton.ts): it has the file's policy.
    const page = await fetch(`${app.url}/referrals`);
    expect(page.headers.get('content-security-policy')).toBe(policy);

    for (const answer of [file, page]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      for (const [name, value] of Object.entries(documentOnly)) expect(answer.headers.get(name), name).toBe(value);
    }
  });

  it("under /api, the API docs' pages are documents too", async () => {
    const docs = await fetch(`${app.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.headers.get('content-security-policy')).not.toBe(apiPolicy);
    expect(docs.headers.get('referrer-policy')).toBe('no-referrer');
  });

});

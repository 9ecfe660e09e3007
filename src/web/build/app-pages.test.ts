import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appPages, writeAppPages } from './app-pages';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/web-1.js">
    <link rel="stylesheet" crossorigin href="/assets/web-1.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A manifest as Vite writes it: the entry, the layout and the near-me page, sharing chunks. */
const MANIFEST = {
  'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_web-1.js'] },
  '_web-1.js': { file: 'assets/web-1.js' },
  '_useQuery-1.js': { file: 'assets/useQuery-1.js', imports: ['_web-1.js'] },
  'dashboard/dashboard-layout.tsx': { file: 'assets/dashboard-layout-1.js', isDynamicEntry: true, imports: ['_web-1.js', '_useQuery-1.js'] },
  'referrals/therapist/referrals-near-me-page.tsx': { file: 'assets/near-me-1.js', isDynamicEntry: true, imports: ['_useQuery-1.js', '_card-1.js'] },
  '_card-1.js': { file: 'assets/card-1.js' },
  'referrals/therapist/referral-map.tsx': { file: 'assets/referral-map-1.js', isDynamicEntry: true },
};

let webDir: string;
beforeEach(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'app-pages-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX);
  await writeFile(path.join(webDir, 'manifest.json'), JSON.stringify(MANIFEST));
});
afterEach(() => rm(webDir, { recursive: true, force: true }));

describe('writeAppPages', () => {
  it('writes Referrals near me as index.html naming /api/me and the chunks of the layout and the page that index.html does not, after the stylesheet', async () => {
    expect(await writeAppPages({ webDir, manifest: path.join(webDir, 'manifest.json') })).toEqual(appPages.map((page) => page.path));
    const html = await readFile(path.join(webDir, 'prerendered/dashboard/therapist/referrals.html'), 'utf8');
    const hints = html.match(/<link rel="(?:preload|modulepreload)"[^>]*>/g);
    expect(hints).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/web-1.js">',
      '<link rel="preload" as="fetch" href="/api/me" crossorigin>',
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-layout-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/useQuery-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/near-me-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-1.js">',
    ]);
    expect(html.indexOf('/api/me')).toBeGreaterThan(html.indexOf('rel="stylesheet"'));
    // Otherwise index.html as it was: its script, and the map loaded only when it is needed.
    expect(html.replace(/ *<link rel="(?:preload" as="fetch"|modulepreload" crossorigin href="\/assets\/(?!web-1))[^>]*>\n/g, '')).toBe(INDEX);
  });

  it('refuses a manifest without the page, rather than write a page that preloads nothing', async () => {
    const { 'referrals/therapist/referrals-near-me-page.tsx': _page, ...rest } = MANIFEST;
    await writeFile(path.join(webDir, 'manifest.json'), JSON.stringify(rest));
    await expect(writeAppPages({ webDir, manifest: path.join(webDir, 'manifest.json') })).rejects.toThrow(/referrals-near-me-page\.tsx is not in the app build/);
  });
});

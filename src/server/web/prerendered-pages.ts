import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The public pages rendered to HTML at build time (`npm run build`, scripts/prerender.ts) are files in
 * this folder of the web build, one per address: `/` is `index.html`, `/articles` is
 * `articles.html`, `/articles/<id>` is `articles/<id>.html`. The web routes answer those addresses
 * with them instead of the empty SPA page; they are not served as files of their own. A few
 * signed-in pages are here too: index.html naming the code they need (src/web/build/app-pages.ts).
 */
export const PRERENDERED_DIR = 'prerendered';

/** The file, relative to PRERENDERED_DIR, that holds the page at `pagePath` (`/articles/x`). */
export function prerenderedFileOf(pagePath: string): string {
  if (!/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/.test(pagePath)) {
    // Anything else would need decoding rules on both sides; public addresses are plain slugs.
    throw new Error(`Not a plain page address: ${pagePath}`);
  }
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

/** Every prerendered page of the web build at `webRoot`, by address; none when the build has none. */
export function readPrerenderedPages(webRoot: string): Map<string, string> {
  const dir = path.join(webRoot, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const pagePath = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    pages.set(pagePath, readFileSync(path.join(dir, file), 'utf8'));
  }
  return pages;
}

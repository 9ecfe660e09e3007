import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryKey } from '@tanstack/react-query';
import { articleListSchema, articleSchema } from '../src/server/content/schemas';
import { getArticle, listArticles } from '../src/server/content/service';
import { PRERENDERED_DIR, prerenderedFileOf } from '../src/server/web/prerendered-pages';
import { contentKeys } from '../src/web/api/content';
import type * as EntryServer from '../src/web/entry-server';
import { prerenderedStateElement } from '../src/web/prerendered-state';

/**
 * Renders every public page with the server build of the web app (src/web/entry-server.tsx) into the
 * client build's index.html, with the public site's entry in place of the signed-in app's (`manifest`:
 * the site build's Vite manifest), and writes each into `<webDir>/prerendered/` (see
 * prerendered-pages.ts). Returns the addresses written.
 */
export async function prerender({ webDir, serverEntry, manifest }: { webDir: string; serverEntry: string; manifest: string }): Promise<string[]> {
  const entry = (await import(pathToFileURL(serverEntry).href)) as typeof EntryServer;
  const template = withoutScripts(await readFile(path.join(webDir, 'index.html'), 'utf8'));
  const chunks = JSON.parse(await readFile(manifest, 'utf8')) as Manifest;
  const paths = entry.publicPagePatterns().flatMap(expandPattern);
  for (const pagePath of paths) {
    const page = await entry.renderPage(pagePath, answerQuery);
    const file = path.join(webDir, PRERENDERED_DIR, prerenderedFileOf(pagePath));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, intoTemplate(template, page, siteScript(chunks)));
  }
  return paths;
}

/** Vite's build manifest: each chunk by its source (`site-main.ts`) or name (`_jsx-runtime-….js`). */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

const SITE_ENTRY = 'site-main.ts';
const APP_SCRIPTS = /[ \t]*<script type="module" crossorigin src="[^"]*"><\/script>\n?|[ \t]*<link rel="modulepreload" crossorigin href="[^"]*">\n?/g;

/** index.html without the signed-in app's script and the chunks it preloads. */
function withoutScripts(template: string): string {
  const scripts = template.match(APP_SCRIPTS) ?? [];
  if (!scripts.some((tag) => tag.includes('<script'))) throw new Error('index.html no longer has the module script Vite writes');
  return template.replace(APP_SCRIPTS, '');
}

/**
 * The public site's entry script, alone: it loads the code that hydrates the page once the page has
 * painted (src/web/site-main.ts). No modulepreloads: the chunks they fetched (seventeen for the
 * landing page) shared a throttled phone's bandwidth with the stylesheet the first paint waits for.
 */
function siteScript(chunks: Manifest): string {
  const entry = chunks[SITE_ENTRY];
  if (!entry?.isEntry) throw new Error(`The site build's manifest has no entry ${SITE_ENTRY}`);
  return `<script type="module" crossorigin src="/${entry.file}"></script>`;
}

/** The addresses of a route pattern: itself, or one per record for a pattern with a parameter. */
function expandPattern(pattern: string): string[] {
  if (pattern === '/articles/:id') return listArticles().articles.map((article) => `/articles/${article.id}`);
  if (pattern.includes(':')) throw new Error(`No list of addresses for ${pattern}: say in scripts/prerender.ts which to render`);
  return [pattern];
}

/**
 * The answer the API would give to a page's query, computed in process by the same functions and
 * response schemas. Content ships with the code, so it is known at build time. The deployment's
 * settings (GET /api/site) are not: one build serves every deployment, so the browser asks for them.
 */
function answerQuery(key: QueryKey): unknown {
  if (sameKey(key, contentKeys.articles)) return articleListSchema.parse(listArticles());
  const [, id] = key;
  if (typeof id === 'string' && sameKey(key, contentKeys.article(id))) return articleSchema.parse(getArticle({ id }));
  return undefined;
}

function sameKey(a: QueryKey, b: QueryKey): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/**
 * The page inside Vite's index.html: its title and description in the head, its scripts last in the
 * head (after the stylesheet, which the first paint waits for, where the preloads would compete with
 * it), its markup in #root, its data after.
 */
function intoTemplate(template: string, page: EntryServer.RenderedPage, scripts: string): string {
  const title = /<title>[^<]*<\/title>/;
  const root = '<div id="root"></div>';
  if (!title.test(template) || !template.includes(root) || !template.includes('</head>') || !template.includes('</body>')) {
    throw new Error(`index.html no longer has a <title>, </head>, ${root} and </body> to render into`);
  }
  return template
    .replace(title, () => page.head)
    .replace('</head>', () => `${scripts}</head>`)
    .replace(root, () => `<div id="root">${page.body}</div>`)
    .replace('</body>', () => `${prerenderedStateElement(page.state)}</body>`);
}

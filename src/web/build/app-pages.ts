import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRERENDERED_DIR, prerenderedFileOf } from '../../server/web/prerendered-pages';

/**
 * Signed-in pages people open directly (from an alert, a bookmark, the home screen) as index.html
 * with what they will fetch named in its head, written beside the prerendered public pages so the
 * server answers their address with them (prerendered-pages.ts): the signed-in user (GET /api/me,
 * which early-me.ts then takes) and the page's own chunks. Without them a phone found out about
 * both only once the app's main script had arrived and run, one more round trip before the page
 * could paint. Any other signed-in address keeps the plain index.html.
 *
 * `module`: the page's source as Vite's manifest names it (relative to src/web), which router.tsx loads lazily.
 */
export const appPages: ReadonlyArray<{ path: string; module: string }> = [
  { path: '/dashboard/therapist/referrals', module: 'referrals/therapist/referrals-near-me-page.tsx' },
];

/** The signed-in area's layout, which every page above is shown in. */
const DASHBOARD_LAYOUT = 'dashboard/dashboard-layout.tsx';

const HEAD_END = /^([ \t]*)<\/head>/m;

/** Vite's build manifest: each chunk by its source (`main.tsx`) or name (`_useQuery-….js`). */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** Writes each of appPages from index.html and the app build's manifest; returns the addresses written. */
export async function writeAppPages({ webDir, manifest }: { webDir: string; manifest: string }): Promise<string[]> {
  const template = await readFile(path.join(webDir, 'index.html'), 'utf8');
  const chunks = JSON.parse(await readFile(manifest, 'utf8')) as Manifest;
  const entry = Object.values(chunks).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The app build’s manifest has no entry');
  // What index.html already fetches: the entry and everything it imports.
  const loaded = new Set(closure(chunks, [keyOf(chunks, entry.file)]).map((key) => chunks[key]!.file));
  for (const page of appPages) {
    const files = closure(chunks, [DASHBOARD_LAYOUT, page.module])
      .map((key) => chunks[key]!.file)
      .filter((file) => !loaded.has(file));
    // After the stylesheet, which the first paint waits for: a phone has six connections to share.
    const hints = [
      '<link rel="preload" as="fetch" href="/api/me" crossorigin>',
      ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    const html = template.replace(HEAD_END, (_end, indent: string) => `${hints.map((hint) => `${indent}  ${hint}\n`).join('')}${indent}</head>`);
    if (html === template) throw new Error('index.html has no </head>');
    const file = path.join(webDir, PRERENDERED_DIR, prerenderedFileOf(page.path));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  return appPages.map((page) => page.path);
}

function keyOf(chunks: Manifest, file: string): string {
  const key = Object.keys(chunks).find((candidate) => chunks[candidate]!.file === file);
  if (!key) throw new Error(`${file} is not in the app build’s manifest`);
  return key;
}

/** The chunks of `keys` and every chunk they import statically, each once. */
function closure(chunks: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = chunks[key];
    if (!chunk) throw new Error(`${key} is not in the app build’s manifest: has it moved? (src/web/build/app-pages.ts)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

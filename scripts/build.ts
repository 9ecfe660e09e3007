import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, resolveConfig } from 'vite';
import { writeAppPages } from '../src/web/build/app-pages';

/**
 * `npm run build [-- --outDir <folder>]`: the web app's production build in one step.
 *  1. the signed-in app's client build (Vite, index.html) into the output folder (dist/web unless
 *     --outDir says otherwise);
 *  2. the public site's client build (src/web/site-main.ts) into the same folder. A build of its own,
 *     because a bundler puts a module both entries use into one shared chunk with everything either
 *     uses of it: react-router's data router and the app's route table would ride along in every
 *     public page's first script;
 *  3. the server-rendering build of src/web/entry-server.tsx into a temporary folder;
 *  4. the public pages rendered with it into `<output>/prerendered/` (scripts/prerender.ts), loading
 *     the site's entry, found in the site build's manifest;
 *  5. beside them, the signed-in pages people open directly, as index.html naming the chunks they
 *     need, found in the app build's manifest (src/web/build/app-pages.ts).
 * The server-rendering build and the manifests are only needed here and are removed afterwards, so
 * they are never served.
 */
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });

// A production build, and React's production build for rendering: React picks its build by NODE_ENV
// when first loaded, so this comes before anything loads it (the prerenderer is imported below).
process.env.NODE_ENV ??= 'production';
const { prerender } = await import('./prerender');

const SITE_MANIFEST = '.vite/site-manifest.json';
const APP_MANIFEST = '.vite/app-manifest.json';

const root = path.resolve(import.meta.dirname, '..');
const config = await resolveConfig({ configFile: path.join(root, 'vite.config.ts') }, 'build', 'production');
const webDir = values.outDir ? path.resolve(values.outDir) : path.resolve(config.root, config.build.outDir);

// The signed-in app's many small chunks shared by lazy routes (an icon, a hook) are copied into the
// chunks that use them, Rolldown's runtime keeping one instance of each module: a phone fetched some
// fifty scripts for Referrals near me, six at a time over HTTP/1.1, a round trip for each six.
await build({
  build: {
    outDir: webDir,
    manifest: APP_MANIFEST,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ } } },
    },
  },
});
await build({
  logLevel: 'warn',
  build: {
    outDir: webDir,
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: SITE_MANIFEST,
    rolldownOptions: {
      input: { site: path.join(root, 'src/web/site-main.ts') },
      // React, its DOM renderer and the router go in one chunk: split by which page uses what, they
      // were three files of the landing page that compressed worse apart (about 1.7 kB gzip more).
      output: { codeSplitting: { groups: [{ name: 'site-runtime', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }] } },
    },
  },
});

// Inside the project, so the build's imports of react, react-router… resolve to node_modules; its own
// folder per build, so builds into different output folders can run at the same time.
const cache = path.join(root, 'node_modules', '.cache');
await mkdir(cache, { recursive: true });
const ssrDir = await mkdtemp(path.join(cache, 'carerelay-ssr-'));
try {
  await build({
    logLevel: 'warn',
    build: { ssr: path.join(root, 'src/web/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  });
  const paths = await prerender({ webDir, serverEntry: path.join(ssrDir, 'entry-server.js'), manifest: path.join(webDir, SITE_MANIFEST) });
  console.log(`prerendered ${paths.length} public pages into ${path.relative(process.cwd(), webDir) || '.'}/prerendered`);
  const appPaths = await writeAppPages({ webDir, manifest: path.join(webDir, APP_MANIFEST) });
  console.log(`and ${appPaths.length} signed-in page with its code named ahead: ${appPaths.join(', ')}`);
} finally {
  await rm(ssrDir, { recursive: true, force: true });
  await rm(path.join(webDir, path.dirname(SITE_MANIFEST)), { recursive: true, force: true });
}

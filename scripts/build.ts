import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, resolveConfig } from 'vite';

/**
 * `npm run build [-- --outDir <folder>]`: the web app's production build in one step.
 *  1. the client build (Vite) into the output folder (dist/web unless --outDir says otherwise);
 *  2. the server-rendering build of src/web/entry-server.tsx into a temporary folder;
 *  3. the public pages rendered with it into `<output>/prerendered/` (scripts/prerender.ts).
 * The server-rendering build is only needed here and is removed afterwards, so it is never served.
 */
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });

// A production build, and React's production build for rendering: React picks its build by NODE_ENV
// when first loaded, so this comes before anything loads it (the prerenderer is imported below).
process.env.NODE_ENV ??= 'production';
const { prerender } = await import('./prerender');

const root = path.resolve(import.meta.dirname, '..');
const config = await resolveConfig({ configFile: path.join(root, 'vite.config.ts') }, 'build', 'production');
const webDir = values.outDir ? path.resolve(values.outDir) : path.resolve(config.root, config.build.outDir);

await build({ build: { outDir: webDir } });

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
  const paths = await prerender({ webDir, serverEntry: path.join(ssrDir, 'entry-server.js') });
  console.log(`prerendered ${paths.length} public pages into ${path.relative(process.cwd(), webDir) || '.'}/prerendered`);
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors';
import type { AppDeps } from '../app';
import type { RoutesPlugin } from '../http/plugin';
import { sendStored, storedAnswer } from '../http/stored-answer';
import { staticFileHeaders } from './static-file-headers';
import { PRERENDERED_DIR, readPrerenderedPages } from './prerendered-pages';

/**
 * Serves the built SPA. A GET at the address of a public page rendered at build time gets that page
 * (prerendered-pages.ts); any other that wants HTML gets index.html (history fallback), so every
 * client route loads on refresh; the client decides what an unknown path shows.
 */
export const webRoutes: RoutesPlugin<AppDeps> = async (app, { config }) => {
  const webRoot = config.webDistDir;
  const indexFile = path.join(webRoot, 'index.html');
  // Read once: every client route is answered with this page, so it is the most served file. Like
  // every page, the same bytes in every response (no nonce: see src/web/style-singleton.ts), so
  // stored: compressed once, with an ETag.
  const indexPage = existsSync(indexFile) ? htmlPage(readFileSync(indexFile, 'utf8')) : undefined;
  if (indexPage) {
    // The built files, in a scope of their own with their caching headers: the pages below send
    // theirs with themselves (sendStored), so they go through no hook of the files'.
    await app.register(async (files) => {
      files.addHook('onRequest', staticFileHeaders(webRoot));
      await files.register(fastifyStatic, {
        root: webRoot,
        index: false,
        wildcard: false,
        // The build writes name.br and name.gz beside each text asset (src/web/build/precompress.ts);
        // the file the request's Accept-Encoding prefers is sent, so nothing is compressed per request.
        preCompressed: true,
        // The prerendered pages are answered at their own addresses only (below), never as files.
        globIgnore: ['**/*.br', '**/*.gz', `${PRERENDERED_DIR}/**`],
        // Its own header (`public, max-age=0`) would replace ours: see staticFileHeaders.
        cacheControl: false,
      });
    });
    // Each page rendered at build time has a route of its own at its address, whatever the query
    // string (the browser re-renders a page whose query changes it), which reaches it without the
    // not-found handler's detour (about a thirtieth of the page's time).
    for (const [address, html] of readPrerenderedPages(webRoot)) {
      const page = htmlPage(html);
      app.get(address, { schema: { hide: true } }, (request, reply) => sendStored(request, reply, page));
    }
  } else {
    app.log.warn('dist/web is missing: run `npm run build` to serve the web app');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const address = request.url.split('?')[0]!;
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(address);
    if (!wantsHtml) throw new AppError('NOT_FOUND', 'Not found');
    if (!indexPage) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return sendStored(request, reply, indexPage);
  });
};

const htmlPage = (html: string) => storedAnswer('text/html; charset=utf-8', () => Buffer.from(html));

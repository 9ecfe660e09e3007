import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { onRequestHookHandler } from 'fastify';
import { varyOnAcceptEncoding } from '../http/accept-encoding';

/** Vite puts a content hash in the name of everything it writes under /assets/, so those never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The caching headers of the built web's files, as an onRequest hook of the scope serving them (a
 * static file's route URL is its path): hashed /assets/ kept for a year, anything else (favicon,
 * logos) revalidated on each use. A file the build compressed also varies by Accept-Encoding. Set
 * on the reply before the file is sent, so CORS's `Vary: Origin` is kept, and @fastify/static
 * runs with `cacheControl: false`, as its own header would replace this one.
 */
export function staticFileHeaders(webRoot: string): onRequestHookHandler {
  const compressed = compressedFiles(webRoot);
  // A callback hook: every request for a file passes through it, and needs no promise to do so.
  // Only the files' routes run it (requests no route answers, such as the SPA's pages, are the
  // not-found handler's, outside this scope), so each has its route URL.
  return (request, reply, done) => {
    const file = request.routeOptions.url ?? '';
    reply.header('cache-control', file.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    if (compressed.has(file)) varyOnAcceptEncoding(reply);
    done();
  };
}

/** The URL paths of the files with a .br or .gz beside them, read once: the build does not change while served. */
function compressedFiles(webRoot: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(webRoot, path.join(entry.parentPath, entry.name.replace(/\.(?:br|gz)$/, '')));
    files.add(`/${relative.split(path.sep).join('/')}`);
  }
  return files;
}

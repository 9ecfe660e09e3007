import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text the browser fetches from the build (js, css, html, svg, json, …); images and fonts are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed file saves less than the bytes of its headers. */
const MIN_BYTES = 1024;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `name.br` and `name.gz` beside every text file of the client build, once, at the highest
 * quality (build time is paid once; every phone gets the smallest file). The server picks one by
 * the request's Accept-Encoding (@fastify/static `preCompressed`), so nothing is compressed per
 * request. A compressed file that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'carerelay:precompress',
    apply: 'build',
    // The server-rendering build (if any) makes code for Node, which is never sent to a browser.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
        // This build's files and the public folder's copies, not the whole output folder: a second
        // build into the same folder (the public site's entry, scripts/build.ts) leaves the first's alone.
        // Vite's manifest (.vite/) is for the build scripts and never served.
        const written = Object.keys(bundle).filter((name) => !name.startsWith('.vite/'));
        const copied = config.build.copyPublicDir && config.publicDir ? await relativeFilesIn(config.publicDir) : [];
        const { files, plainBytes, brotliBytes } = await precompressFiles([...written, ...copied].map((name) => path.join(outDir, name)));
        config.logger.info(`precompressed ${files} files: ${kB(plainBytes)} → ${kB(brotliBytes)} with brotli (gzip beside each)`);
      },
    },
  };
}

/**
 * Writes the .br and .gz of every text file in a folder and its subfolders. Brotli at its best
 * quality takes seconds for the largest files, so the files are compressed at once, on libuv's
 * thread pool, where every core works on them.
 */
export async function precompressFolder(folder: string): Promise<{ files: number; plainBytes: number; brotliBytes: number }> {
  return precompressFiles((await relativeFilesIn(folder)).map((name) => path.join(folder, name)));
}

/** Writes the .br and .gz of each of these files that is text. */
export async function precompressFiles(files: string[]): Promise<{ files: number; plainBytes: number; brotliBytes: number }> {
  const sizes = await Promise.all(files.filter((file) => TEXT_FILE.test(file)).map(compressBeside));
  const written = sizes.filter((size) => size !== undefined);
  return {
    files: written.length,
    plainBytes: written.reduce((sum, size) => sum + size.plain, 0),
    brotliBytes: written.reduce((sum, size) => sum + size.brotli, 0),
  };
}

/** Writes the .br and .gz of one file, each only if smaller than the file; its sizes, or undefined if too small to bother. */
async function compressBeside(file: string): Promise<{ plain: number; brotli: number } | undefined> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return undefined;
  const [brotli, gzipped] = await Promise.all([
    compressBrotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    compressGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
  if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
  return { plain: bytes.length, brotli: Math.min(brotli.length, bytes.length) };
}

async function relativeFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

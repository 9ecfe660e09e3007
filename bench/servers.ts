import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { startRuntime, type Runtime } from '../src/server/runtime';
import { loadSecrets } from '../src/server/secrets';
import { freePort } from '../test/ports';

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** The app under test, with what a benchmark needs to seed its database and sign cookies. */
export interface BenchApp extends BenchServer {
  runtime: Runtime;
  databaseUrl: string;
  /** The secret better-auth signs session cookies with. */
  appSecret: string;
  /** The built web it serves. */
  webDistDir: string;
}

/**
 * The real app as production runs it (database from a URL, job queue, security headers, the built
 * web), on its own PostgreSQL: BENCH_DATABASE_URL, or an embedded server in a temporary folder.
 */
export async function startBenchApp(log: (line: string) => void): Promise<BenchApp> {
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
  };
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-bench-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) {
      // PostgreSQL runs as its own system user when we are root; it must be able to reach its folder.
      await chmod(dataDir, 0o755);
      log('starting embedded PostgreSQL…');
      const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }

    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    });
    await ensureWebBuilt(config.webDistDir, log);

    const runtime = await startRuntime(config);
    cleanups.push(() => runtime.close());
    await runtime.app.listen({ host: '127.0.0.1', port });
    // The same secrets the runtime loaded (generated into dataDir on its first start).
    const { appSecret } = await loadSecrets(config);
    return { url: config.publicUrl, close, runtime, databaseUrl, appSecret, webDistDir: config.webDistDir };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A bare Fastify answering `{ hello: 'world' }`: the ceiling any Node JSON endpoint can reach here. */
export async function startBaseline(): Promise<BenchServer> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * A bare Fastify answering a fixed response — the bytes and content headers `GET /` sent — so the
 * landing page can be compared with what sending its body alone costs here (with the benchmarks'
 * load generator, little: 0.94–0.98× the 17-byte baseline for the landing page's 7 kB of brotli).
 */
export async function startFixedResponse(body: Buffer, headers: Record<string, string>): Promise<BenchServer> {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => {
    void reply.headers(headers).send(body);
  });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** `GET /` serves the prerendered landing page, so the web must be built; building takes a minute only the first time. */
async function ensureWebBuilt(webDistDir: string, log: (line: string) => void): Promise<void> {
  if (existsSync(path.join(webDistDir, 'index.html'))) return;
  log(`no web build in ${webDistDir}: running npm run build…`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--', '--outDir', webDistDir], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with code ${code}`))));
  });
}

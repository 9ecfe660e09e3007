import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/server/config';
import { startRuntime, type Runtime } from '../src/server/runtime';
import { createTestDatabase } from './database';
import { freePort } from './ports';

export interface TestApp {
  runtime: Runtime;
  config: Config;
  /** The base URL the app listens on, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, listening on a free port. `env` overrides the environment the
 * config is parsed from (e.g. `{ SMTP_URL: smtp.url }`); `beforeListen` may add test-only routes;
 * `logStream` receives the app's log lines (with `LOG_LEVEL` set in `env`); `databaseUrl` changes the
 * database URL the app is given; `sameDatabaseAs` starts a second instance on another app's database
 * (its own DATA_DIR; give both the same APP_SECRET and PHI_ENCRYPTION_KEY, as production does);
 * `prepareDataDir` fills the new DATA_DIR before the app starts.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    beforeListen?: (app: Runtime['app']) => void;
    logStream?: { write(line: string): void };
    /** The URL the app is given for its fresh database (e.g. through a fault-injecting proxy). */
    databaseUrl?: (direct: string) => string;
    /** Another test app whose database this one uses; that app drops it when it closes. */
    sameDatabaseAs?: TestApp;
    prepareDataDir?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const database = shared ? { url: shared.runtime.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-app-'));
  await options.prepareDataDir?.(dataDir);
  // The port is chosen up front so PUBLIC_URL (used in emailed links) is the real address.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl?.(database.url) ?? database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOB_RETRY_DELAY_SECONDS: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // As behind a local reverse proxy: tests give each simulated client its own X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    // Lets a run point the app at a web build in another folder (helpers build into their own).
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...env,
  });
  const runtime = await startRuntime(config, { logStream: options.logStream });
  options.beforeListen?.(runtime.app);
  await runtime.app.listen({ host: '127.0.0.1', port });
  return {
    runtime,
    config,
    url: config.publicUrl,
    async close() {
      await runtime.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

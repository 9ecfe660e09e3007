import type { DemoDeps } from '../src/server/demo/demo-deps';
import { demoEmail, demoIdOf } from '../src/server/demo/demo-identity';
import { createPaymentProvider } from '../src/server/payments/select-provider';
import { loadSecrets } from '../src/server/secrets';
import type { TestApp } from './app';
import { callApi } from './http';
import type { SignedIn } from './people';

/** What the demo's seed and reset need from a running test app: its own database, queue, secrets and provider. */
export async function demoDepsOf(app: TestApp): Promise<DemoDeps> {
  return {
    database: app.runtime.database,
    jobs: app.runtime.jobs,
    // The file in DATA_DIR the app wrote its generated secrets to: the same keys it reads with.
    secrets: await loadSecrets(app.config),
    noteDueHours: app.config.noteDueHours,
    config: app.config,
    payments: createPaymentProvider(app.config),
  };
}

/**
 * A demo person signed in as the web app's "Sign in as" does it (from this machine, from one of the
 * app's pages). The test app answers development routes: it does not run in production.
 */
export async function demoSession(app: TestApp, key: string): Promise<SignedIn & { aal: string }> {
  const response = await callApi(app.url, 'POST', '/api/dev/demo-sign-in', { body: { email: demoEmail(key) } });
  if (!response.ok) throw new Error(`demo sign-in as ${key} failed: ${response.status} ${await response.text()}`);
  const { aal } = (await response.json()) as { aal: string };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { userId: demoIdOf(key), cookie, ip: '127.0.0.1', aal };
}

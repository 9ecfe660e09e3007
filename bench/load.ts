/**
 * How `npm run bench` loads an HTTP endpoint, for the baselines and the app alike: keep-alive
 * connections, one request in flight on each, from a worker thread so that generating load does not
 * compete with the servers (which share this process's main thread) for the event loop.
 *
 * Its own generator rather than autocannon's, which keeps every response body as a JavaScript string
 * (`req.body += data`): decoding each compressed body as UTF-8 cost the client more CPU, on the same
 * two cores as the server, the bigger the body. Bare Fastify sending the landing page's 7.2 kB of
 * brotli measured 0.44–0.48× the 17-byte baseline with it, 0.74–0.82× with that one line changed:
 * autocannon's thread was busy 0.97 of a core, the server's 0.64, so the figure was the client's.
 * This one skips bodies by their length; the server's thread is the busy one (0.92–0.94 of a core)
 * whatever the body, so a figure measures the server.
 */
import type { LoadOrder, LoadTally } from './load-worker';
import { percentile, type Measurement, type RunSettings } from './report';
import { runWorker } from './ts-worker';

/** Warms up (fresh connections, not counted), then measures for settings.durationSeconds. */
export async function measure(label: string, url: string, settings: RunSettings, headers: Record<string, string> = {}): Promise<Measurement> {
  const order = { url, connections: settings.connections, headers };
  if (settings.warmupSeconds > 0) await load({ ...order, durationSeconds: settings.warmupSeconds });
  const tally = await load({ ...order, durationSeconds: settings.durationSeconds });
  const sorted = tally.latenciesMs.sort();
  return {
    label,
    requestsPerSecond: tally.completed / settings.durationSeconds,
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    errors: tally.errors,
    non2xx: tally.non2xx,
  };
}

function load(order: LoadOrder): Promise<LoadTally> {
  return runWorker(new URL('./load-worker.ts', import.meta.url), order);
}

/**
 * `npm run bench`: throughput and latency of the real app next to a bare Fastify "hello JSON", on
 * this machine, one endpoint at a time. It prints figures; it asserts no timings. It exits non-zero
 * when any endpoint answered with an error or a non-2xx status, since such figures mean nothing.
 *
 * Environment: BENCH_DURATION (seconds per endpoint, default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_WARMUP (seconds, default 2), BENCH_ONLY (comma-separated parts of paths, e.g.
 * "health,site"; the baseline always runs, being the reference), BENCH_DATABASE_URL (an empty
 * PostgreSQL database to use instead of an embedded one), WEB_DIST_DIR (the built web to serve).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import {
  formatMachine,
  formatTable,
  hasFailures,
  type EndpointResult,
  type Measurement,
  type RunSettings,
} from './report';
import { startBaseline, startBenchApp, type BenchServer } from './servers';

interface AppEndpoint {
  path: string;
  label: string;
  /** Endpoints still being built: measured only when they already answer 200. */
  optional?: boolean;
}

const appEndpoints: AppEndpoint[] = [
  { path: '/api/health', label: 'GET /api/health (PostgreSQL + pg-boss)' },
  { path: '/api/site', label: 'GET /api/site' },
  { path: '/', label: 'GET / (index.html + security headers)' },
  { path: '/api/articles', label: 'GET /api/articles', optional: true },
  { path: '/api/faqs', label: 'GET /api/faqs', optional: true },
];

const log = (line: string) => console.log(line);

function positiveNumber(name: string, fallback: number, options: { allowZero?: boolean } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !options.allowZero)) {
    throw new Error(`${name} must be a number of ${options.allowZero ? 'zero or more' : 'more than zero'} (got "${raw}")`);
  }
  return value;
}

function selectedEndpoints(): AppEndpoint[] {
  const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()).filter(Boolean);
  if (!only || only.length === 0) return appEndpoints;
  return appEndpoints.filter((endpoint) => only.some((part) => endpoint.path.includes(part) || endpoint.label.includes(part)));
}

/**
 * autocannon runs in a worker thread so that generating load does not compete with the servers,
 * which share this process's main thread, for the event loop.
 */
async function measure(label: string, url: string, settings: RunSettings): Promise<Measurement> {
  const options = { url, connections: settings.connections, workers: 1 };
  if (settings.warmupSeconds > 0) await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return {
    label,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

async function main(): Promise<number> {
  const settings: RunSettings = {
    durationSeconds: positiveNumber('BENCH_DURATION', 10),
    warmupSeconds: positiveNumber('BENCH_WARMUP', 2, { allowZero: true }),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 50)),
  };
  const cpus = os.cpus();
  const machine = {
    node: process.version,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    platform: `${os.platform()} ${os.arch()}`,
  };

  const servers: BenchServer[] = [];
  try {
    const baselineServer = await startBaseline();
    servers.push(baselineServer);
    const appServer = await startBenchApp(log);
    servers.push(appServer);

    log('measuring the baseline (bare Fastify, GET / → {"hello":"world"})…');
    const baseline = await measure('baseline: bare Fastify GET /', `${baselineServer.url}/`, settings);

    const results: EndpointResult[] = [];
    for (const endpoint of selectedEndpoints()) {
      const url = `${appServer.url}${endpoint.path}`;
      const status = await statusOf(url);
      if (endpoint.optional && status !== 200) {
        results.push({ kind: 'skipped', label: endpoint.label, reason: String(status) });
        continue;
      }
      log(`measuring ${endpoint.label}…`);
      results.push({ kind: 'measured', ...(await measure(endpoint.label, url, settings)) });
    }

    log('');
    for (const line of formatMachine(machine, settings)) log(line);
    log('');
    for (const line of formatTable(baseline, results)) log(line);
    const failed = hasFailures([{ kind: 'measured', ...baseline }, ...results]);
    if (failed) log('\nSome requests failed or answered with a non-2xx status: the figures above are not valid.');
    return failed ? 1 : 0;
  } finally {
    while (servers.length > 0) await servers.pop()!.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Benchmark failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

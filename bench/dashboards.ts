/**
 * `npm run bench -- dashboards`: the dashboard and list endpoints, signed in, on a generated market
 * (200 agencies, 5,000 therapists, ~55,000 visits), next to a bare Fastify + PostgreSQL point query
 * on the same database measured in the same run. Target: each dashboard at least half the
 * baseline's requests/s (the ratio is printed; nothing is asserted on timings). Two control rows
 * separate what the app's stack and a signed-in session cost from what the dashboards' SQL costs.
 *
 * Environment: BENCH_DURATION (seconds per endpoint, default 8), BENCH_WARMUP (default 2),
 * BENCH_CONNECTIONS (default 50), BENCH_ONLY (comma-separated parts of paths or labels, e.g.
 * "me,agency"; the baseline always runs), BENCH_PAIRED ("0": no baseline measured again before
 * each endpoint), BENCH_ROUNDS (repeats of the whole sequence, default 1; figures are medians),
 * BENCH_DATABASE_URL, WEB_DIST_DIR, as for the other parts.
 * The load average is printed before and after: the machine may be shared, so the ratio to the
 * baseline measured in the same run is the figure to compare.
 */
import { createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort } from '../test/ports';
import { DEFAULT_MARKET, generateMarket } from './generate-market';
import { measure as measureLoad } from './load';
import { formatMachine, formatRequestsPerSecond, formatTable, hasFailures, type EndpointResult, type Measurement, type RunSettings } from './report';
import { startBenchApp, type BenchApp, type BenchServer } from './servers';

const SESSION_COOKIE = 'carerelay.session_token';

interface Target {
  label: string;
  path: string;
  /** 'offered': the therapist with the most open offers (a full first page of 'Referrals near me'). */
  who: 'agency' | 'therapist' | 'offered' | 'manager';
  anonymous?: boolean;
  dashboard: boolean;
}

const targets: Target[] = [
  // Controls: the app's stack alone (no session, no database), with two queries and no session, and
  // the cheapest signed-in read (what authentication adds).
  { label: 'control: GET /api/site (no session, no query)', path: '/api/site', who: 'agency', dashboard: false, anonymous: true },
  { label: 'control: GET /api/health (no session)', path: '/api/health', who: 'agency', dashboard: false, anonymous: true },
  { label: 'control: GET /api/me (signed in)', path: '/api/me', who: 'agency', dashboard: false },
  { label: 'GET /api/dashboard/agency', path: '/api/dashboard/agency', who: 'agency', dashboard: true },
  { label: 'GET /api/dashboard/therapist', path: '/api/dashboard/therapist', who: 'therapist', dashboard: true },
  { label: 'GET /api/admin/dashboard (manager, aal2)', path: '/api/admin/dashboard', who: 'manager', dashboard: true },
  { label: 'GET /api/referrals (agency list)', path: '/api/referrals', who: 'agency', dashboard: false },
  { label: 'GET /api/therapist/referrals', path: '/api/therapist/referrals', who: 'offered', dashboard: false },
  { label: 'GET /api/agency/therapists', path: '/api/agency/therapists', who: 'agency', dashboard: false },
  { label: 'GET /api/agency/patients', path: '/api/agency/patients', who: 'agency', dashboard: false },
];

/** BENCH_ONLY: the targets whose path or label contains one of its comma-separated parts. */
function selectedTargets(): Target[] {
  const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()).filter(Boolean);
  if (!only || only.length === 0) return targets;
  const chosen = targets.filter((target) => only.some((part) => target.path.includes(part) || target.label.includes(part)));
  if (chosen.length === 0) throw new Error(`BENCH_ONLY="${process.env.BENCH_ONLY}" matches no dashboard benchmark endpoint`);
  return chosen;
}

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of zero or more`);
  return value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run with the median requests/s (the lower middle one of an even count), latencies and all. */
function medianRun(runs: Measurement[]): Measurement {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]! };
}

/** A bare Fastify answering one primary-key lookup on the same database, with a pool the size of the app's. */
export async function startPointQueryBaseline(databaseUrl: string, agencyId: string): Promise<BenchServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/', async () => {
    const { rows } = await pool.query('select id, company_name from agency_profiles where id = $1', [agencyId]);
    return rows[0];
  });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** Sessions written straight to the database and signed as better-auth signs its cookie (see fanout.ts). */
async function mintCookies(app: BenchApp, people: Record<Target['who'], string>): Promise<Record<Target['who'], string>> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const cookies = {} as Record<Target['who'], string>;
    for (const [who, userId] of Object.entries(people) as Array<[Target['who'], string]>) {
      const token = randomBytes(24).toString('base64url');
      await client.query(
        `insert into session (id, token, expires_at, user_id, ip_address, user_agent, aal)
         values (gen_random_uuid()::text, $1, now() + interval '1 hour', $2, '127.0.0.1', 'carerelay-bench', $3)`,
        [token, userId, who === 'manager' ? 'aal2' : 'aal1'],
      );
      const signature = createHmac('sha256', app.appSecret).update(token).digest('base64');
      cookies[who] = `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
    }
    return cookies;
  } finally {
    await client.end();
  }
}

/**
 * The busiest agency and therapist, so the figures are for accounts with the most rows behind them,
 * and the therapist offered the most open referrals (their default view, 'open').
 */
async function busiestPeople(databaseUrl: string): Promise<{ agency: string; therapist: string; offered: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const agency = await client.query<{ id: string }>(`select agency_id as id from visits group by agency_id order by count(*) desc limit 1`);
    const therapist = await client.query<{ id: string }>(`select therapist_id as id from visits group by therapist_id order by count(*) desc limit 1`);
    const offered = await client.query<{ id: string }>(
      `select o.therapist_id as id from referral_offers o join referrals r on r.id = o.referral_id
       where r.status = 'posted' and r.expires_at > now() and o.hidden_at is null
       group by o.therapist_id order by count(*) desc, o.therapist_id limit 1`,
    );
    return { agency: agency.rows[0]!.id, therapist: therapist.rows[0]!.id, offered: offered.rows[0]?.id ?? therapist.rows[0]!.id };
  } finally {
    await client.end();
  }
}

/** A list answer's item count (and total, if it says), or null for an answer that is not a list. */
function pageSize(body: unknown): { items: number; total?: number } | null {
  if (Array.isArray(body)) return { items: body.length };
  if (body && typeof body === 'object' && 'items' in body && Array.isArray(body.items)) {
    return { items: body.items.length, total: 'total' in body && typeof body.total === 'number' ? body.total : undefined };
  }
  return null;
}

function measure(label: string, url: string, settings: RunSettings, cookie?: string): Promise<Measurement> {
  return measureLoad(label, url, settings, cookie ? { cookie } : {});
}

/** Runs the dashboards benchmark and prints its table; returns the exit code. */
export async function runDashboardsBenchmark(log: (line: string) => void = console.log): Promise<number> {
  const settings: RunSettings = {
    durationSeconds: setting('BENCH_DURATION', 8) || 8,
    warmupSeconds: setting('BENCH_WARMUP', 2),
    connections: Math.round(setting('BENCH_CONNECTIONS', 50)) || 50,
  };
  const chosen = selectedTargets();
  const pairBaselines = process.env.BENCH_PAIRED !== '0';
  const rounds = Math.max(1, Math.round(setting('BENCH_ROUNDS', 1)));
  const servers: BenchServer[] = [];
  try {
    const app = await startBenchApp(log);
    servers.push(app);
    log('generating the market…');
    const market = await generateMarket(app.databaseUrl, DEFAULT_MARKET);
    const { counts } = market;
    log(
      `generated ${counts.agencies} agencies, ${counts.therapists.toLocaleString('en-US')} therapists, ${counts.referrals.toLocaleString('en-US')} referrals, ` +
        `${counts.offers.toLocaleString('en-US')} offers, ${counts.visits.toLocaleString('en-US')} visits, ${counts.payouts.toLocaleString('en-US')} payouts in ${market.seconds.toFixed(1)} s`,
    );
    const busiest = await busiestPeople(app.databaseUrl);
    const cookies = await mintCookies(app, { agency: busiest.agency, therapist: busiest.therapist, offered: busiest.offered, manager: market.managerId });
    const baselineServer = await startPointQueryBaseline(app.databaseUrl, busiest.agency);
    servers.push(baselineServer);

    // Every endpoint must answer 200 before it is timed: figures of error pages mean nothing. And
    // a list's figure says how many items its page had: an empty page is cheap and proves nothing.
    const measuredPages: string[] = [];
    for (const target of chosen) {
      const response = await fetch(`${app.url}${target.path}`, { headers: { cookie: cookies[target.who] } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}: ${text.slice(0, 200)}`);
      const page = pageSize(JSON.parse(text));
      if (page) measuredPages.push(`  ${target.label}: ${page.items} items on the page${page.total === undefined ? '' : ` of ${page.total.toLocaleString('en-US')}`}`);
    }

    const loadBefore = os.loadavg()[0]!;
    log('measuring the baseline (bare Fastify + PostgreSQL primary-key lookup)…');
    const baselineRuns = [await measure('baseline: Fastify + PostgreSQL point query', `${baselineServer.url}/`, settings)];
    // On a shared machine the load shifts within a run: each endpoint is also compared with a
    // baseline measured just before it, so both saw about the same competition for the cores; with
    // BENCH_ROUNDS the whole sequence repeats and each figure is the median of its rounds.
    const runs: Measurement[][] = chosen.map(() => []);
    const pairedRuns: Measurement[][] = chosen.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [index, target] of chosen.entries()) {
        if (pairBaselines) pairedRuns[index]!.push(await measure('baseline (paired)', `${baselineServer.url}/`, settings));
        log(`measuring ${target.label}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}…`);
        runs[index]!.push(await measure(target.label, `${app.url}${target.path}`, settings, target.anonymous ? undefined : cookies[target.who]));
      }
    }
    const baseline = medianRun([...baselineRuns, ...pairedRuns.flat()]);
    baseline.label = 'baseline: Fastify + PostgreSQL point query';
    const results: EndpointResult[] = runs.map((targetRuns) => ({ kind: 'measured', ...medianRun(targetRuns) }));
    /** Per endpoint: the median over rounds of its requests/s divided by its paired baseline's. */
    const pairedRatios = pairBaselines
      ? runs.map((targetRuns, index) => median(targetRuns.map((run, round) => run.requestsPerSecond / pairedRuns[index]![round]!.requestsPerSecond)))
      : [];

    const loadAfter = os.loadavg()[0]!;
    const cpus = os.cpus();
    log('');
    for (const line of formatMachine(
      { node: process.version, cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU', cores: cpus.length, platform: `${os.platform()} ${os.arch()}` },
      settings,
    ))
      log(line);
    log('The app and the baseline share one embedded PostgreSQL with the generated market; every app request is signed in.');
    // Anything else running here competes for the cores: compare ratios, not absolute figures.
    log(`Load average (1 min): ${loadBefore.toFixed(2)} before the measurements, ${loadAfter.toFixed(2)} at their end.`);
    log('');
    for (const line of formatTable(baseline, results)) log(line);
    log('');
    if (measuredPages.length > 0) {
      log('What each list measured (its first page, as signed in):');
      for (const line of measuredPages) log(line);
      log('');
    }
    if (pairBaselines) {
      log(`Each endpoint against the baseline measured just before it (same load)${rounds > 1 ? `, median of ${rounds} rounds` : ''}:`);
      for (const [index, target] of chosen.entries()) {
        const ratio = pairedRatios[index]!;
        const pairs = runs[index]!.map((run, round) => `${formatRequestsPerSecond(run.requestsPerSecond)}/${formatRequestsPerSecond(pairedRuns[index]![round]!.requestsPerSecond)}`);
        log(`  ${target.label}: ${ratio.toFixed(2)}× (req/s endpoint/baseline: ${pairs.join(', ')})`);
      }
      log('');
    }
    for (const [index, target] of chosen.entries()) {
      if (!target.dashboard) continue;
      const result = results[index];
      if (result?.kind !== 'measured') continue;
      const ratio = pairBaselines ? pairedRatios[index]! : result.requestsPerSecond / baseline.requestsPerSecond;
      const against = pairBaselines ? 'its paired baseline' : 'baseline';
      log(`${target.label}: ${ratio.toFixed(2)}× ${against} (target ≥ 0.50×) ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
    }
    const failed = hasFailures([...baselineRuns, ...pairedRuns.flat(), ...runs.flat()].map((run) => ({ kind: 'measured' as const, ...run })));
    if (failed) log('\nSome requests failed or answered with a non-2xx status: the figures above are not valid.');
    return failed ? 1 : 0;
  } finally {
    while (servers.length > 0) await servers.pop()!.close();
  }
}

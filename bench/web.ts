/**
 * `npm run bench -- web`: what a phone gets from the web build, each figure beside the target of
 * issue 14 ("Fast on a phone and at scale"). It serves the build that is there (WEB_DIST_DIR, or
 * dist/web; startBenchApp builds one only when there is none) through the real app, and prints:
 *
 * - the JS a browser fetches to show and hydrate `/` (gzip and brotli of each file as served, level
 *   9 and quality 11), the first script alone, and what the slide-in lead form adds when it opens;
 * - whether each text asset of the build has its .br and .gz beside it, and what the server answers
 *   for the first script to a browser that accepts both (content-encoding, cache-control);
 * - Lighthouse (mobile preset, simulated throttling) performance, accessibility, SEO and LCP for
 *   `/`, `/articles`, `/signup`, and the therapist's Referrals near me signed in (a session cookie
 *   of a built therapist with three referrals near them).
 *
 * It asserts nothing: Lighthouse's figures move with the load on the machine (the load average is
 * printed), so run it with BENCH_LIGHTHOUSE_RUNS=3 for the median of three runs per page.
 * Environment: WEB_DIST_DIR, BENCH_LIGHTHOUSE_RUNS (default 1), BENCH_ONLY (comma-separated parts of
 * paths: only those pages, e.g. "therapist"), BENCH_LIGHTHOUSE_REPORTS (a folder to keep each report
 * in), CHROMIUM_PATH, BENCH_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chromiumPath, launchBrowser } from '../test/browser';
import { buildAgency, buildTherapist, elevateSession, signIn } from '../test/factories';
import { createReferral } from '../test/referrals';
import { startBenchApp, type BenchApp } from './servers';

const LANDING_JS_TARGET_KB = 100;
const THERAPIST_REFERRALS = '/dashboard/therapist/referrals';

interface LighthousePage {
  path: string;
  /** The issue's "must reach" for performance; accessibility and SEO stay 100 everywhere. */
  performanceTarget: number;
  /** LCP target in seconds, where the issue sets one. */
  lcpTargetSeconds?: number;
  signedIn?: boolean;
}

const pages: LighthousePage[] = [
  { path: '/', performanceTarget: 95, lcpTargetSeconds: 2 },
  { path: '/articles', performanceTarget: 95, lcpTargetSeconds: 2 },
  { path: '/signup', performanceTarget: 95, lcpTargetSeconds: 2 },
  { path: THERAPIST_REFERRALS, performanceTarget: 90, signedIn: true },
];

interface Weight {
  files: number;
  gzip: number;
  brotli: number;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function weigh(webDistDir: string, paths: string[]): Weight {
  let gzip = 0;
  let brotli = 0;
  for (const urlPath of paths) {
    const body = readFileSync(path.join(webDistDir, urlPath));
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: paths.length, gzip, brotli };
}

/**
 * The scripts a phone-sized browser fetches for `/`, in order, split where the lead form's chunk is
 * asked for: the panel opens a moment after the page has rendered, so everything before it is what
 * showing and hydrating the page took.
 */
async function landingScripts(url: string): Promise<{ page: string[]; leadForm: string[] }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    // Missing when the landing page has changed: then every script counts as the page's.
    await page
      .getByRole('dialog', { name: 'Talk to our staffing team' })
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const split = requested.findIndex((urlPath) => /\/lead-form-dialog-[^/]*\.js$/.test(urlPath));
    return split < 0 ? { page: requested, leadForm: [] } : { page: requested.slice(0, split), leadForm: requested.slice(split) };
  } finally {
    await browser.close();
  }
}

// Pages are left out: they carry a per-response nonce, so they are compressed as they are sent.
const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost; the build does not make one. */
const WORTH_COMPRESSING = 1024;

function textAssets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEXT_ASSET.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => statSync(file).size >= WORTH_COMPRESSING);
}

/** What the server sends a browser that accepts brotli and gzip: the encoding, the bytes on the wire (undecoded), cache-control. */
function asServed(url: string): Promise<{ encoding: string; bytes: number; cacheControl: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          encoding: String(response.headers['content-encoding'] ?? 'uncompressed'),
          bytes,
          cacheControl: String(response.headers['cache-control'] ?? '(none)'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
}

const run = promisify(execFile);

async function lighthouse(url: string, cookie?: string): Promise<LighthouseFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-lighthouse-'));
  try {
    const output = path.join(dir, 'report.json');
    const args = [
      url,
      '--quiet',
      `--chrome-path=${chromiumPath()}`,
      // The flags the browser journeys use (test/browser.ts), in Chrome's new headless mode.
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic --disable-dev-shm-usage',
      '--only-categories=performance,accessibility,seo',
      '--output=json',
      `--output-path=${output}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ];
    await run(path.resolve('node_modules/.bin/lighthouse'), args, { maxBuffer: 16 * 1024 * 1024 });
    // BENCH_LIGHTHOUSE_REPORTS=dir keeps each report, to see what made a score (LCP element, long tasks).
    const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (keep) await copyFile(output, path.join(keep, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`));
    const report = JSON.parse(await readFile(output, 'utf8')) as {
      categories: Record<'performance' | 'accessibility' | 'seo', { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    const score = (name: keyof typeof report.categories) => Math.round((report.categories[name].score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: report.audits['total-blocking-time']?.numericValue ?? NaN,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then fails to record a page load at all ("Runtime error encountered …
 * (NO_NAVSTART)"), which says nothing about the page: such a run is tried again, twice at most.
 */
async function lighthouseRun(url: string, cookie: string | undefined, log: (line: string) => void): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`  Lighthouse failed (${String(error).split('\n')[0]}); running it again…`);
    }
  }
}

/** The run with the median performance score (the lower middle one of an even count). */
function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)]!;
}

/** A therapist in Austin with three referrals posted near them, signed in at aal2: their session cookie. */
async function therapistWithReferrals(app: BenchApp): Promise<string> {
  const db = app.runtime.database.db;
  const agency = await buildAgency(db);
  const therapist = await buildTherapist(db);
  const agencyCookie = await signIn(app.url, agency);
  await elevateSession(db, agencyCookie);
  for (let n = 0; n < 3; n++) await createReferral(app.url, agencyCookie);
  const cookie = await signIn(app.url, therapist);
  await elevateSession(db, cookie);
  return cookie;
}

const row = (what: string, figure: string, target: string) => `${what.padEnd(58)} ${figure.padEnd(36)} ${target}`;

export async function runWebBenchmark(log: (line: string) => void): Promise<number> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number of 1 or more (got "${process.env.BENCH_LIGHTHOUSE_RUNS}")`);
  const app = await startBenchApp(log);
  try {
    const webDistDir = app.webDistDir;
    log(`web build: ${webDistDir}`);
    const loadBefore = os.loadavg()[0]!;
    const lines: string[] = [row('what', 'now', 'must reach')];

    log('weighing the JS of /…');
    const scripts = await landingScripts(app.url);
    const landing = weigh(webDistDir, scripts.page);
    const first = weigh(webDistDir, scripts.page.slice(0, 1));
    const leadForm = weigh(webDistDir, scripts.leadForm);
    lines.push(row('JS the landing page loads (gzip)', `${kB(landing.gzip)} in ${landing.files} files`, `≤ ${LANDING_JS_TARGET_KB} kB`));
    lines.push(row('  the same, brotli', kB(landing.brotli), ''));
    lines.push(row(`  of which the first script (${path.basename(scripts.page[0] ?? '?')}), gzip`, kB(first.gzip), ''));
    lines.push(row('  then, when the lead form opens (gzip)', `+${kB(leadForm.gzip)} in ${leadForm.files} files`, ''));

    const assets = textAssets(webDistDir);
    const withBrotli = assets.filter((file) => existsSync(`${file}.br`)).length;
    const withGzip = assets.filter((file) => existsSync(`${file}.gz`)).length;
    const precompressed =
      withBrotli + withGzip === 0 ? 'none' : `.br ${withBrotli} of ${assets.length}, .gz ${withGzip} of ${assets.length}`;
    lines.push(row('text assets over 1 kB compressed at build (.br / .gz)', precompressed, 'brotli or gzip on every text asset'));
    const firstScript = scripts.page[0];
    if (firstScript) {
      const served = await asServed(`${app.url}${firstScript}`);
      lines.push(row('  the first script as served', `${served.encoding}, ${kB(served.bytes)}`, 'br or gzip'));
      lines.push(row('  its cache-control', served.cacheControl, 'public, max-age=31536000, immutable'));
    }
    const landingPage = await asServed(`${app.url}/`);
    lines.push(row('  / as served', `${landingPage.encoding}, ${kB(landingPage.bytes)}`, 'br or gzip'));

    const cookie = await therapistWithReferrals(app);
    // BENCH_ONLY (comma-separated parts of paths, as in bench/dashboards.ts), e.g. "therapist": those pages alone, for a quicker look.
    const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()).filter(Boolean);
    for (const page of pages.filter((candidate) => !only?.length || only.some((part) => candidate.path.includes(part)))) {
      const figures: LighthouseFigures[] = [];
      for (let n = 1; n <= runs; n++) {
        log(`Lighthouse ${page.path}${runs > 1 ? ` (run ${n} of ${runs})` : ''}…`);
        figures.push(await lighthouseRun(`${app.url}${page.path}`, page.signedIn ? cookie : undefined, log));
      }
      const median = medianRun(figures);
      const label = page.signedIn ? 'the therapist’s Referrals near me' : page.path;
      const all = runs > 1 ? ` [${figures.map((f) => f.performance).join(', ')}]` : '';
      lines.push(row(`Lighthouse performance ${label}`, `${median.performance}${all}`, `≥ ${page.performanceTarget}`));
      lines.push(row('  accessibility / SEO', `${median.accessibility} / ${median.seo}`, '100 / 100'));
      lines.push(
        row('  LCP / TBT', `${(median.lcpMs / 1000).toFixed(1)} s / ${Math.round(median.tbtMs)} ms`, page.lcpTargetSeconds ? `LCP ≤ ${page.lcpTargetSeconds.toFixed(1)} s` : ''),
      );
    }
    const loadAfter = os.loadavg()[0]!;

    log('');
    log(`Web: the build in ${webDistDir} served by the app; Lighthouse ${runs > 1 ? `median of ${runs} runs` : 'one run'} per page, mobile, simulated throttling.`);
    log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; Lighthouse's scores drop when the machine is busy.`);
    log('');
    for (const line of lines) log(line);
    return 0;
  } finally {
    await app.close();
  }
}

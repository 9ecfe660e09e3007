/**
 * What the fan-out benchmark (fanout.ts) measures: one referral's (or notification batch's) time to
 * every stream, and referral posts per second with the streams open.
 */
import type { ReferralInput } from '../src/domain/referrals';
import { callApi } from '../test/http';
import { referralInput } from '../test/referrals';
import type { Client } from './fanout-client-processes';
import type { FanoutSettings } from './fanout';
import { summarizeArrivals, type ArrivalSummary, type FanoutRound, type PostRate } from './report';
import type { BenchApp } from './servers';

/** Generous: a stream still waiting after this long counts as not received. */
const DELIVERY_TIMEOUT_MS = 15_000;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Arms the clients, runs `trigger` (which sends the event: posts a referral, creates the
 * notifications, or writes it on the baseline's bare server) and measures, for every stream, the
 * time from just before it until the stream has the event whose link holds `match`.
 */
export async function timeArrivals(
  clients: Client[],
  expected: number,
  trigger: () => Promise<{ match: string; notified: number }>,
): Promise<ArrivalSummary & { notified: number; postMs: number }> {
  await Promise.all(clients.map((client) => client.request({ type: 'arm' }, 'armed')));
  const started = now();
  const { match, notified } = await trigger();
  const postMs = now() - started;
  const allReceived = Promise.all(clients.map((client) => client.request({ type: 'expect', match }, 'all-received')));
  await Promise.race([allReceived, sleep(DELIVERY_TIMEOUT_MS)]);
  for (const client of clients) client.forget('all-received');
  const collected = await Promise.all(clients.map((client) => client.request({ type: 'collect', match }, 'collected')));
  const arrivals = collected.flatMap((message) => message.arrivals);
  return { ...summarizeArrivals(arrivals.map((at) => (at === null ? null : at - started)), expected), notified, postMs };
}

/** A round of the app's (timeArrivals), with its health and its pool watched meanwhile. */
export async function fanoutRound(
  app: BenchApp,
  clients: Client[],
  expected: number,
  name: { group: string; label: string },
  trigger: () => Promise<{ match: string; notified: number }>,
): Promise<FanoutRound> {
  // Probes /api/health (the app's pool and pg-boss's) while the fan-out runs: a starved pool shows here.
  let delivering = true;
  const healthMs: number[] = [];
  let healthFailures = 0;
  const probing = (async () => {
    while (delivering) {
      const started = now();
      const response = await fetch(`${app.url}/api/health`);
      await response.arrayBuffer();
      if (response.status !== 200) healthFailures++;
      healthMs.push(now() - started);
      await sleep(50);
    }
  })();

  // And the app's own pool (pg-boss has a pool of its own): requests queued for a connection.
  const { pool } = app.runtime.database;
  let poolWaitingMax = 0;
  const sampling = setInterval(() => {
    poolWaitingMax = Math.max(poolWaitingMax, pool.waitingCount);
  }, 5);

  const timed = await timeArrivals(clients, expected, trigger);
  delivering = false;
  clearInterval(sampling);
  await probing;
  return {
    ...name,
    ...timed,
    healthMaxMs: healthMs.length > 0 ? Math.max(...healthMs) : 0,
    healthFailures,
    poolWaitingMax,
  };
}

/** Referral posts per second for `postSeconds`, `postConcurrency` at a time (one agency each). */
export async function postRate(
  app: BenchApp,
  clients: Client[],
  agencyCookies: string[],
  settings: FanoutSettings,
  spec: { label: string; input: Partial<ReferralInput>; expectedNotified: number },
): Promise<PostRate> {
  await Promise.all(clients.map((client) => client.request({ type: 'arm' }, 'armed')));
  const latencies: number[] = [];
  let wrongCount = 0;
  let notified = 0;
  const started = now();
  const deadline = started + settings.postSeconds * 1000;
  await Promise.all(
    agencyCookies.map(async (cookie) => {
      while (now() < deadline) {
        const postStarted = now();
        const referral = await post(app, cookie, spec.input);
        latencies.push(now() - postStarted);
        notified += referral.notifiedCount;
        if (referral.notifiedCount !== spec.expectedNotified) wrongCount++;
      }
    }),
  );
  const seconds = (now() - started) / 1000;

  // Every therapist notified must receive their events: wait (bounded) for the streams to catch up.
  const expectedEvents = spec.expectedNotified === settings.therapists ? latencies.length * settings.therapists : 0;
  let events = 0;
  const waitUntil = now() + DELIVERY_TIMEOUT_MS;
  do {
    const collected = await Promise.all(clients.map((client) => client.request({ type: 'collect', match: '' }, 'collected')));
    events = collected.reduce((sum, message) => sum + message.events, 0);
    if (events >= expectedEvents) break;
    await sleep(200);
  } while (now() < waitUntil);

  return {
    label: spec.label,
    jobsQueuedAfter: await pendingJobs(app),
    posts: latencies.length,
    seconds,
    concurrency: agencyCookies.length,
    latenciesMs: latencies,
    notifiedPerPost: latencies.length > 0 ? notified / latencies.length : 0,
    wrongCount,
    streamEvents: events,
    expectedStreamEvents: expectedEvents,
  };
}

/** Jobs queued or running for the alerts that posting referrals queues. */
async function pendingJobs(app: BenchApp): Promise<number> {
  const { boss } = app.runtime.jobs;
  const sizes = await Promise.all(['referral-alerts', 'referral-alert', 'send-mail'].map((name) => boss.getQueueSize(name, { before: 'completed' })));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export async function post(app: BenchApp, cookie: string, input: Partial<ReferralInput>): Promise<{ id: string; notifiedCount: number }> {
  const response = await callApi(app.url, 'POST', '/api/referrals', { cookie, body: { referral: referralInput(input), post: true } });
  if (response.status !== 201) throw new Error(`posting a referral answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; notifiedCount: number };
}

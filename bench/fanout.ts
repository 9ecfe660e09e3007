/**
 * The fan-out benchmark: N therapists (5,000 by default) all eligible for one referral, each with a
 * Server-Sent Events stream open from client processes on this machine; an agency posts the
 * referral and each stream's time to its 'notification' event is measured. Then referral posts
 * per second with those therapists in the database. It reports figures; it asserts no timings.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ReferralInput } from '../src/domain/referrals';
import { readyCredentialRows } from '../src/server/credentials/ready-credentials';
import { inTransaction } from '../src/server/db/client';
import { locationColumnsOf } from '../src/server/geo/therapist-locations';
import { createNotifications } from '../src/server/notifications/service';
import { callApi } from '../test/http';
import { referralInput } from '../test/referrals';
import type { FanoutClientCommand, FanoutClientMessage } from './fanout-client';
import { summarizeArrivals, type FanoutRound, type PostRate } from './report';
import type { BenchApp } from './servers';

export interface FanoutSettings {
  /** Therapists eligible for the referral, each with a stream open. */
  therapists: number;
  /** Client processes the streams are spread over. */
  clientProcesses: number;
  /** Referrals posted one after another with every stream measured. */
  rounds: number;
  /** Seconds of posting for each posts-per-second figure. */
  postSeconds: number;
  /** Referrals in flight at once while measuring posts per second (one agency each). */
  postConcurrency: number;
}

export interface FanoutResults {
  settings: FanoutSettings;
  connectSeconds: number;
  rounds: FanoutRound[];
  postRates: PostRate[];
  /** Streams the server ended or that broke during the run: should be 0. */
  streamsEnded: number;
}

/** Eligible for the broadcast referral: Austin, TX, PT, licensed in TX until well after today. */
const NEAR_ZIP = '78701';
/** A referral here (Dallas, ~180 miles away) matches only the few therapists seeded there. */
const FAR_ZIP = '75201';
const FAR_THERAPISTS = 10;
const SESSION_COOKIE = 'carerelay.session_token';
/** Generous: a stream still waiting after this long counts as not received. */
const DELIVERY_TIMEOUT_MS = 15_000;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFanoutBenchmark(app: BenchApp, settings: FanoutSettings, log: (line: string) => void): Promise<FanoutResults> {
  checkOpenFileLimit(settings.therapists);
  log(`seeding ${settings.therapists.toLocaleString('en-US')} therapists, ${FAR_THERAPISTS} more in Dallas and ${settings.postConcurrency} ${settings.postConcurrency === 1 ? 'agency' : 'agencies'}…`);
  const seeded = await seed(app, settings);

  const clients = await startClients(settings.clientProcesses);
  try {
    log(`opening ${settings.therapists.toLocaleString('en-US')} SSE streams from ${settings.clientProcesses} client processes…`);
    const connectStarted = now();
    const perClient = Math.ceil(seeded.therapistCookies.length / clients.length);
    const connected = await Promise.all(
      clients.map((client, index) =>
        client.request(
          {
            type: 'connect',
            url: `${app.url}/api/notifications/stream`,
            cookies: seeded.therapistCookies.slice(index * perClient, (index + 1) * perClient),
            concurrency: 25,
          },
          'connected',
        ),
      ),
    );
    const connectSeconds = (now() - connectStarted) / 1000;
    const open = connected.reduce((sum, message) => sum + message.open, 0);
    const failures = connected.flatMap((message) => message.failures);
    if (failures.length > 0) {
      throw new Error(`${failures.length} streams failed to open (first: ${failures[0]}); is the open-file limit (ulimit -n) high enough?`);
    }
    log(`${open.toLocaleString('en-US')} streams open in ${connectSeconds.toFixed(1)} s; letting the server settle…`);
    await sleep(2000);

    const rounds: FanoutRound[] = [];
    // The notification path alone first: the same createNotifications call the referral service
    // makes, in a transaction of its own, so the time to each stream counts from about the commit.
    for (let round = 1; round <= settings.rounds; round++) {
      log(`notifications-only round ${round} of ${settings.rounds}: one notification to each of ${settings.therapists.toLocaleString('en-US')} therapists…`);
      rounds.push(
        await fanoutRound(app, clients, settings.therapists, { group: 'notifications only', label: `round ${round}` }, async () => {
          const match = `/bench/${randomUUID()}`;
          const notified = await inTransaction(app.runtime.database, (t) =>
            createNotifications(
              t,
              seeded.therapistIds.map((userId) => ({ userId, type: 'bench', title: 'Benchmark', body: 'A benchmark notification.', link: match })),
            ),
          );
          return { match, notified };
        }),
      );
      await sleep(1000);
    }

    // Each referral posted queues an email alert job per therapist notified, worked through in the
    // background afterwards (as in production): the posting figures say how many were left.
    const postRates: PostRate[] = [];
    log(`posting referrals that notify ${FAR_THERAPISTS} therapists for ${settings.postSeconds} s…`);
    postRates.push(
      await postRate(app, clients, seeded.agencyCookies, settings, {
        label: `each notifies ${FAR_THERAPISTS} (Dallas; all ${(settings.therapists + FAR_THERAPISTS).toLocaleString('en-US')} TX PTs judged)`,
        input: { patientZip: FAR_ZIP },
        expectedNotified: FAR_THERAPISTS,
      }),
    );

    const agencyCookie = seeded.agencyCookies[0]!;
    for (let round = 1; round <= settings.rounds; round++) {
      log(`fan-out round ${round} of ${settings.rounds}: posting one referral to ${settings.therapists.toLocaleString('en-US')} connected therapists…`);
      rounds.push(
        await fanoutRound(app, clients, settings.therapists, { group: 'POST /api/referrals', label: `round ${round}` }, async () => {
          const referral = await post(app, agencyCookie, { patientZip: NEAR_ZIP });
          return { match: referral.id, notified: referral.notifiedCount };
        }),
      );
      await sleep(1000);
    }

    log(`posting referrals that notify all ${settings.therapists.toLocaleString('en-US')} therapists for ${settings.postSeconds} s…`);
    postRates.push(
      await postRate(app, clients, seeded.agencyCookies, settings, {
        label: `each notifies all ${settings.therapists.toLocaleString('en-US')} (streams open)`,
        input: { patientZip: NEAR_ZIP },
        expectedNotified: settings.therapists,
      }),
    );

    const final = await Promise.all(clients.map((client) => client.request({ type: 'collect', match: '' }, 'collected')));
    const streamsEnded = final.reduce((sum, message) => sum + message.ended, 0);
    return { settings, connectSeconds, rounds, postRates, streamsEnded };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

/**
 * Runs `trigger` (which posts a referral, or creates the notifications directly) and measures, for
 * every stream, the time from just before it until the stream has the event whose link holds
 * `match`.
 */
async function fanoutRound(
  app: BenchApp,
  clients: Client[],
  expected: number,
  name: { group: string; label: string },
  trigger: () => Promise<{ match: string; notified: number }>,
): Promise<FanoutRound> {
  await Promise.all(clients.map((client) => client.request({ type: 'arm' }, 'armed')));

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

  const started = now();
  const { match, notified } = await trigger();
  const postMs = now() - started;
  const allReceived = Promise.all(clients.map((client) => client.request({ type: 'expect', match }, 'all-received')));
  await Promise.race([allReceived, sleep(DELIVERY_TIMEOUT_MS)]);
  for (const client of clients) client.forget('all-received');
  delivering = false;
  clearInterval(sampling);
  await probing;

  const collected = await Promise.all(clients.map((client) => client.request({ type: 'collect', match }, 'collected')));
  const arrivals = collected.flatMap((message) => message.arrivals);
  return {
    ...name,
    ...summarizeArrivals(arrivals.map((at) => (at === null ? null : at - started)), expected),
    notified,
    postMs,
    healthMaxMs: healthMs.length > 0 ? Math.max(...healthMs) : 0,
    healthFailures,
    poolWaitingMax,
  };
}

/** Referral posts per second for `postSeconds`, `postConcurrency` at a time (one agency each). */
async function postRate(
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

async function post(app: BenchApp, cookie: string, input: Partial<ReferralInput>): Promise<{ id: string; notifiedCount: number }> {
  const response = await callApi(app.url, 'POST', '/api/referrals', { cookie, body: { referral: referralInput(input), post: true } });
  if (response.status !== 201) throw new Error(`posting a referral answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; notifiedCount: number };
}

// ---- Seeding ----

interface Seeded {
  /** The therapists eligible for the referral (who have streams open). */
  therapistIds: string[];
  therapistCookies: string[];
  agencyCookies: string[];
}

/**
 * Writes the therapists and agencies in a few set-based statements (creating 5,000 through the API
 * would take minutes, and sign-in is rate limited), each with a session whose cookie is signed as
 * better-auth signs it: `token.signature`, the signature being base64 HMAC-SHA256 of the token
 * with the app secret (better-call's signCookieValue), URI-encoded.
 */
export async function seed(app: BenchApp, settings: FanoutSettings): Promise<Seeded> {
  const cookieFor = (token: string) =>
    `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', app.appSecret).update(token).digest('base64')}`)}`;
  const people = (count: number, kind: string) =>
    Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      n: index + 1,
      email: `bench-${kind}-${index + 1}-${randomBytes(3).toString('hex')}@${kind}s.test`,
      token: randomBytes(24).toString('base64url'),
    }));
  const near = people(settings.therapists, 'therapist');
  const far = people(FAR_THERAPISTS, 'therapist');
  const agencies = people(settings.postConcurrency, 'agency');
  const licenseExpiry = `${new Date().getUTCFullYear() + 2}-12-31`;

  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const everyone = [...near, ...far, ...agencies];
    await client.query(
      `insert into "user" (id, name, email, email_verified) select id, 'Bench Person ' || n, email, true
       from unnest($1::text[], $2::int[], $3::text[]) as t(id, n, email)`,
      [everyone.map((p) => p.id), everyone.map((p) => p.n), everyone.map((p) => p.email)],
    );
    const therapistRows = [...near.map((p) => ({ ...p, zip: NEAR_ZIP })), ...far.map((p) => ({ ...p, zip: FAR_ZIP }))];
    const therapistParams = [therapistRows.map((p) => p.id), therapistRows.map((p) => p.n), therapistRows.map((p) => p.email), therapistRows.map((p) => p.zip)];
    await client.query(
      `insert into useraccounts (user_id, email, user_type, status)
       select id, email, 'therapist', 'approved' from unnest($1::text[], $2::text[]) as t(id, email)`,
      [therapistParams[0], therapistParams[2]],
    );
    await client.query(
      `insert into therapist_profiles (id, first_name, last_name, email, phone, zip_code, latitude, longitude, disciplines, service_radius_miles, available_for_referrals, years_experience, status)
       select id, 'Bench', 'Therapist ' || n, email, '512-555-0101', zip, latitude, longitude, array['PT'], 25, true, 6, 'approved'
       from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::float8[], $6::float8[]) as t(id, n, email, zip, latitude, longitude)`,
      // Located as every writer of zip_code locates a therapist (geo/therapist-locations.ts).
      [...therapistParams, therapistRows.map((p) => locationColumnsOf(p.zip).latitude), therapistRows.map((p) => locationColumnsOf(p.zip).longitude)],
    );
    await client.query(
      `insert into user_profiles (id, first_name, last_name, npi_number, license_number, license_state, license_expiry)
       select id, 'Bench', 'Therapist ' || n, '1234567893', 'BENCH-' || n || '-' || zip, 'TX', $5::date
       from unnest($1::text[], $2::int[], $3::text[], $4::text[]) as t(id, n, email, zip)`,
      [...therapistParams, licenseExpiry],
    );
    // The credentials matching requires (REQUIRED_CREDENTIALS' default), verified: without them no
    // therapist is eligible and the referral notifies nobody.
    const credentials = therapistRows.flatMap((p) =>
      readyCredentialRows({
        therapistId: p.id,
        npiNumber: '1234567893',
        licenseNumber: `BENCH-${p.n}-${p.zip}`,
        licenseState: 'TX',
        licenseExpiry,
        verifiedBy: 'bench',
      }),
    );
    await client.query(
      `insert into therapist_credentials (therapist_id, kind, number, issuer, expires_on, status, verified_at, verified_by, verification_method, verification_source)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::timestamptz[], $8::text[], $9::text[], $10::text[])`,
      [
        credentials.map((c) => c.therapistId),
        credentials.map((c) => c.kind),
        credentials.map((c) => c.number ?? ''),
        credentials.map((c) => c.issuer ?? ''),
        credentials.map((c) => c.expiresOn ?? null),
        credentials.map((c) => c.status ?? 'verified'),
        credentials.map((c) => c.verifiedAt ?? null),
        credentials.map((c) => c.verifiedBy ?? null),
        credentials.map((c) => c.verificationMethod ?? null),
        credentials.map((c) => c.verificationSource ?? null),
      ],
    );
    await client.query(
      `insert into therapist_rates (therapist_id, service_id, rate)
       select t.id, s.id, s.default_rate from unnest($1::text[]) as t(id) cross join service_types s`,
      [therapistParams[0]],
    );
    await client.query(
      `insert into useraccounts (user_id, email, user_type, status)
       select id, email, 'agency', 'approved' from unnest($1::text[], $2::text[]) as t(id, email)`,
      [agencies.map((p) => p.id), agencies.map((p) => p.email)],
    );
    await client.query(
      `insert into agency_profiles (id, company_name, contact_email, contact_phone, address, city, state, zip_code, status)
       select id, 'Bench Agency ' || n, email, '512-555-0100', '100 Congress Ave', 'Austin', 'TX', '78701', 'approved'
       from unnest($1::text[], $2::int[], $3::text[]) as t(id, n, email)`,
      [agencies.map((p) => p.id), agencies.map((p) => p.n), agencies.map((p) => p.email)],
    );
    const signedIn = [...near, ...agencies];
    await client.query(
      `insert into session (id, token, expires_at, user_id, ip_address, user_agent)
       select gen_random_uuid()::text, token, now() + interval '1 hour', id, '127.0.0.1', 'carerelay-bench'
       from unnest($1::text[], $2::text[]) as t(id, token)`,
      [signedIn.map((p) => p.id), signedIn.map((p) => p.token)],
    );
    await client.query('commit');
    await client.query('analyze');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return {
    therapistIds: near.map((p) => p.id),
    therapistCookies: near.map((p) => cookieFor(p.token)),
    agencyCookies: agencies.map((p) => cookieFor(p.token)),
  };
}

/** Each stream is a socket in this process and one in a client process: say so before it fails. */
function checkOpenFileLimit(streams: number) {
  let limit = Number.POSITIVE_INFINITY;
  try {
    const raw = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    if (raw !== 'unlimited') limit = Number(raw);
  } catch {
    return;
  }
  if (limit < streams + 1024) {
    throw new Error(`the open-file limit is ${limit}; ${streams} streams need about ${streams + 1024}: run \`ulimit -n ${streams + 4096}\` first`);
  }
}

// ---- Client processes ----

interface Client {
  /** Sends a command and resolves with the next message of the given type. */
  request<T extends FanoutClientMessage['type']>(command: FanoutClientCommand, reply: T): Promise<Reply<T>>;
  next<T extends FanoutClientMessage['type']>(type: T): Promise<Reply<T>>;
  /** Stops waiting for messages of a type (after a timeout), so a late one cannot be taken for the next. */
  forget(type: FanoutClientMessage['type']): void;
  close(): Promise<void>;
}
type Reply<T> = Extract<FanoutClientMessage, { type: T }>;

async function startClients(count: number): Promise<Client[]> {
  const script = fileURLToPath(new URL('./fanout-client.ts', import.meta.url));
  return Promise.all(
    Array.from({ length: count }, async () => {
      // Forked with this process's execArgv, so the client runs through tsx as well.
      const child: ChildProcess = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      const waiters: Array<{ type: string; resolve: (message: FanoutClientMessage) => void }> = [];
      let exited = false;
      child.on('message', (message: FanoutClientMessage) => {
        const index = waiters.findIndex((waiter) => waiter.type === message.type);
        if (index !== -1) waiters.splice(index, 1)[0]!.resolve(message);
      });
      child.on('exit', () => {
        exited = true;
      });
      const next = <T extends FanoutClientMessage['type']>(type: T) =>
        new Promise<FanoutClientMessage>((resolve) => waiters.push({ type, resolve })) as Promise<Reply<T>>;
      const client: Client = {
        next,
        forget: (type) => {
          for (let index = waiters.length - 1; index >= 0; index--) if (waiters[index]!.type === type) waiters.splice(index, 1);
        },
        request: (command, reply) => {
          const answer = next(reply);
          child.send(command);
          return answer;
        },
        close: async () => {
          if (exited) return;
          const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.send({ type: 'close' } satisfies FanoutClientCommand);
          await Promise.race([gone, sleep(2000)]);
          if (!exited) child.kill();
        },
      };
      return client;
    }),
  );
}

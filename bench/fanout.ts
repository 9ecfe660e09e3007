/**
 * The fan-out benchmark: N therapists (5,000 by default) all eligible for one referral, each with a
 * Server-Sent Events stream open from client processes on this machine; an agency posts the
 * referral and each stream's time to its 'notification' event is measured. Then referral posts
 * per second with those therapists in the database. Before all of it, the same clients measure the
 * machine's floor on a bare server (fanout-baseline.ts). It reports figures; it asserts no timings.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../src/server/db/client';
import { createNotifications } from '../src/server/notifications/service';
import { runBroadcastBaseline } from './fanout-baseline';
import { checkOpenFileLimit, openStreams, startClients } from './fanout-client-processes';
import { fanoutRound, post, postRate } from './fanout-rounds';
import { FAR_THERAPISTS, FAR_ZIP, NEAR_ZIP, seed } from './fanout-seed';
import type { FanoutRound, PostRate } from './report';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFanoutBenchmark(app: BenchApp, settings: FanoutSettings, log: (line: string) => void): Promise<FanoutResults> {
  checkOpenFileLimit(settings.therapists);
  // The machine's floor first, with the same clients and streams, before the app has any open.
  const baseline = await runBroadcastBaseline(settings, log);
  log(`seeding ${settings.therapists.toLocaleString('en-US')} therapists, ${FAR_THERAPISTS} more in Dallas and ${settings.postConcurrency} ${settings.postConcurrency === 1 ? 'agency' : 'agencies'}…`);
  const seeded = await seed(app, settings);

  const clients = await startClients(settings.clientProcesses);
  try {
    log(`opening ${settings.therapists.toLocaleString('en-US')} SSE streams from ${settings.clientProcesses} client processes…`);
    const { open, seconds: connectSeconds } = await openStreams(clients, `${app.url}/api/notifications/stream`, seeded.therapistCookies);
    log(`${open.toLocaleString('en-US')} streams open in ${connectSeconds.toFixed(1)} s; letting the server settle…`);
    await sleep(2000);

    const rounds: FanoutRound[] = [...baseline];
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

    // Each referral posted queues an email alert per therapist notified (a send-mail job per 25 of
    // them), worked through in the background afterwards (as in production): the posting figures
    // say how many jobs were left.
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


/**
 * The fan-out benchmark's baseline: what this machine allows before the app does anything. A bare
 * node:http server holds the same number of Server-Sent Events streams from the same client
 * processes, and writes one event, already made, of the size of a new-referral notification to
 * each of them, in one loop: no database, no session check, no read. Its time to the last stream
 * is the floor of the fan-out's delivery here (the kernel's loopback and the clients on the same
 * two cores), as bare Fastify is the floor of the HTTP figures.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStreams, startClients, type Client } from './fanout-client-processes';
import type { FanoutSettings } from './fanout';
import { timeArrivals } from './fanout-rounds';
import type { FanoutRound } from './report';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new-referral notification as the app's stream sends it (stream.ts), its link the referral's. */
function eventFor(id: number, link: string): string {
  const data = {
    id,
    type: 'referral.posted',
    title: 'New PT referral near you',
    body: 'Bench Agency 1 posted a PT referral 0.4 miles from you in Austin, TX. Review it and respond.',
    link,
    count: 1,
    createdAt: new Date().toISOString(),
    readAt: null,
  };
  return `id: ${id}\nevent: notification\ndata: ${JSON.stringify(data)}\n\n`;
}

async function startBroadcastServer() {
  const streams = new Set<http.ServerResponse>();
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    // The clients take the first block for the stream being open, as the app's `retry:` line.
    response.write('retry: 3000\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`,
    /** Writes the event to every stream; returns how many. */
    broadcast(event: string): number {
      for (const response of streams) response.write(event);
      return streams.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of streams) response.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `settings.rounds` broadcasts to `settings.therapists` streams, measured as the app's rounds are (fanout-rounds.ts). */
export async function runBroadcastBaseline(settings: FanoutSettings, log: (line: string) => void): Promise<FanoutRound[]> {
  const server = await startBroadcastServer();
  let clients: Client[] = [];
  try {
    clients = await startClients(settings.clientProcesses);
    log(`baseline: opening ${settings.therapists.toLocaleString('en-US')} SSE streams to a bare node:http server…`);
    await openStreams(clients, server.url, Array.from({ length: settings.therapists }, () => ''));
    await sleep(2000);

    const rounds: FanoutRound[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      const timed = await timeArrivals(clients, settings.therapists, async () => {
        const match = `/dashboard/therapist/referrals/${randomUUID()}`;
        return { match, notified: server.broadcast(eventFor(round, match)) };
      });
      rounds.push({ group: 'bare node:http broadcast (baseline)', label: `round ${round}`, ...timed, healthMaxMs: Number.NaN, healthFailures: 0, poolWaitingMax: 0 });
      await sleep(1000);
    }
    return rounds;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  }
}

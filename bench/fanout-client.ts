/**
 * One SSE client process of the fan-out benchmark (bench/fanout.ts forks several): it holds one
 * `GET /api/notifications/stream` per cookie it is given, over node:http with a keep-alive agent
 * and a minimal SSE parser, and notes when each 'notification' event arrives. Times are
 * `process.hrtime` (CLOCK_MONOTONIC, shared by every process on the machine), in milliseconds, so
 * the parent can compare them with the moment it sent the POST.
 *
 * Protocol over the IPC channel (see FanoutClientCommand / FanoutClientMessage): connect, then for
 * each measured post 'arm' (forget earlier events), 'expect' (the referral just posted: the client
 * reports 'all-received' once each of its streams has its event, so the parent need not poll),
 * 'collect' (arrival times of that event), and finally 'close'.
 */
import http from 'node:http';

export type FanoutClientCommand =
  | { type: 'connect'; url: string; cookies: string[]; concurrency: number }
  | { type: 'arm' }
  /** `match`: part of the link of the event to time (the referral id). */
  | { type: 'expect'; match: string }
  | { type: 'collect'; match: string }
  | { type: 'close' };

export type FanoutClientMessage =
  | { type: 'connected'; open: number; failures: string[] }
  | { type: 'armed' }
  | { type: 'all-received' }
  | {
      type: 'collected';
      /** Per stream: when the first event whose link contains `match` arrived (ms, monotonic clock), or null. */
      arrivals: Array<number | null>;
      /** Notification events received since 'arm', all links. */
      events: number;
      /** Streams the server ended or that broke since they opened. */
      ended: number;
    };

interface Stream {
  request: http.ClientRequest;
  buffer: string;
  /** Since the last 'arm': [arrival ms, link]. */
  received: Array<[number, string]>;
  ended: boolean;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const send = (message: FanoutClientMessage) => process.send?.(message);

const streams: Stream[] = [];
/** While expecting: the link part awaited, and the streams that have not had it yet. */
let expected: string | undefined;
const waiting = new Set<Stream>();

/**
 * One SSE block. Only 'notification' events count; their link is cut out of the JSON without
 * parsing it (links are app paths, never holding a quote), to keep the client's share of this
 * machine's CPU small.
 */
function onEvent(stream: Stream, at: number, block: string) {
  if (!/^event: ?notification$/m.test(block)) return;
  const start = block.indexOf(LINK);
  const link = start === -1 ? '' : block.slice(start + LINK.length, block.indexOf('"', start + LINK.length));
  stream.received.push([at, link]);
  if (expected !== undefined && link.includes(expected) && waiting.delete(stream) && waiting.size === 0) send({ type: 'all-received' });
}

const LINK = '"link":"';

function open(url: URL, cookie: string, agent: http.Agent): Promise<Stream | string> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: url.hostname, port: url.port, path: url.pathname, agent, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(`HTTP ${response.statusCode}`);
          return;
        }
        const stream: Stream = { request, buffer: '', received: [], ended: false };
        response.setEncoding('utf8');
        let opened = false;
        response.on('data', (chunk: string) => {
          const at = now();
          stream.buffer += chunk;
          let end: number;
          while ((end = stream.buffer.indexOf('\n\n')) !== -1) {
            const block = stream.buffer.slice(0, end);
            stream.buffer = stream.buffer.slice(end + 2);
            // The first block is the server's `retry:` line: the stream is open and subscribed.
            if (!opened) {
              opened = true;
              resolve(stream);
            }
            onEvent(stream, at, block);
          }
        });
        const ended = () => {
          stream.ended = true;
          if (!opened) resolve('ended before its first event');
        };
        response.on('end', ended);
        response.on('error', ended);
        response.on('close', ended);
      },
    );
    request.on('error', (error) => resolve(error.message));
  });
}

async function connect(command: Extract<FanoutClientCommand, { type: 'connect' }>) {
  const url = new URL(command.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < command.cookies.length) {
      const cookie = command.cookies[next++]!;
      const result = await open(url, cookie, agent);
      if (typeof result === 'string') failures.push(result);
      else streams.push(result);
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
  send({ type: 'connected', open: streams.length, failures });
}

// The parent gone (finished or killed): nothing is left to report to.
process.on('disconnect', () => process.exit(0));

process.on('message', (command: FanoutClientCommand) => {
  switch (command.type) {
    case 'connect':
      void connect(command);
      break;
    case 'arm':
      for (const stream of streams) stream.received = [];
      expected = undefined;
      send({ type: 'armed' });
      break;
    case 'expect': {
      expected = command.match;
      waiting.clear();
      for (const stream of streams) {
        if (!stream.ended && !stream.received.some(([, link]) => link.includes(command.match))) waiting.add(stream);
      }
      if (waiting.size === 0) send({ type: 'all-received' });
      break;
    }
    case 'collect':
      expected = undefined;
      send({
        type: 'collected',
        arrivals: streams.map((stream) => stream.received.find(([, link]) => link.includes(command.match))?.[0] ?? null),
        events: streams.reduce((sum, stream) => sum + stream.received.length, 0),
        ended: streams.filter((stream) => stream.ended).length,
      });
      break;
    case 'close':
      for (const stream of streams) stream.request.destroy();
      process.exit(0);
  }
});

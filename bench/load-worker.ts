/**
 * The load generator's worker thread (load.ts starts it): `connections` keep-alive connections,
 * each sending the next GET as soon as the answer to the last has arrived, for `durationSeconds`.
 * Answers are counted and timed, their bodies skipped unread (http-responses.ts).
 */
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { ResponseReader } from './http-responses';

export interface LoadOrder {
  url: string;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
}

export interface LoadTally {
  completed: number;
  non2xx: number;
  /** Connections that failed, closed under a request, or sent what could not be read. */
  errors: number;
  /** Each answer's time from its request, in milliseconds, in order of arrival. */
  latenciesMs: Float64Array;
}

function run(order: LoadOrder): Promise<LoadTally> {
  const url = new URL(order.url);
  const request = Buffer.from(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n` +
      Object.entries(order.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
    'latin1',
  );
  let latencies = new Float64Array(1 << 16);
  const tally = { completed: 0, non2xx: 0, errors: 0 };
  let running = true;
  const sockets = new Set<net.Socket>();

  const open = () => {
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    const reader = new ResponseReader((status) => {
      if (tally.completed === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[tally.completed++] = performance.now() - sentAt;
      if (status < 200 || status > 299) tally.non2xx++;
      if (running) send();
    });
    const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true }, send);
    sockets.add(socket);
    socket.on('data', (chunk) => {
      try {
        reader.feed(chunk);
      } catch {
        socket.destroy(new Error('unreadable response'));
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (!running) return;
      tally.errors++;
      open();
    });
  };

  for (let i = 0; i < order.connections; i++) open();
  return new Promise((resolve) => {
    setTimeout(() => {
      running = false;
      for (const socket of sockets) socket.destroy();
      resolve({ ...tally, latenciesMs: latencies.subarray(0, tally.completed) });
    }, order.durationSeconds * 1000);
  });
}

const tally = await run(workerData as LoadOrder);
parentPort!.postMessage(tally);

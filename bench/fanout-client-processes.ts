/**
 * The fan-out benchmark's client processes (each runs fanout-client.ts, holding its share of the
 * SSE streams), driven over IPC, and the open-file limit they need.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FanoutClientCommand, FanoutClientMessage } from './fanout-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each stream is a socket in this process and one in a client process: say so before it fails. */
export function checkOpenFileLimit(streams: number) {
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

/**
 * The clients stand for therapists' phones, which do not share the server's cores; here they do,
 * so they run at the lowest CPU priority (nice 19) and the app, its database and the baseline's
 * server go first. A client still notes an event's time only once it has read it, so a figure can
 * be late by the wait, never early. Measured (2026-12-04, medians of eight rounds, alternately):
 * notifications only, p99 277 and 297 ms with it against 386 and 353 without.
 */
function lowestPriority(child: ChildProcess) {
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, 19);
  } catch {
    // Not allowed here: the clients then compete as equals, and the figures are the worse for it.
  }
}

export interface Client {
  /** Sends a command and resolves with the next message of the given type. */
  request<T extends FanoutClientMessage['type']>(command: FanoutClientCommand, reply: T): Promise<Reply<T>>;
  next<T extends FanoutClientMessage['type']>(type: T): Promise<Reply<T>>;
  /** Stops waiting for messages of a type (after a timeout), so a late one cannot be taken for the next. */
  forget(type: FanoutClientMessage['type']): void;
  close(): Promise<void>;
}
type Reply<T> = Extract<FanoutClientMessage, { type: T }>;

export async function startClients(count: number): Promise<Client[]> {
  const script = fileURLToPath(new URL('./fanout-client.ts', import.meta.url));
  return Promise.all(
    Array.from({ length: count }, async () => {
      // Forked with this process's execArgv, so the client runs through tsx as well.
      const child: ChildProcess = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      lowestPriority(child);
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

/**
 * Opens one stream at `url` per cookie, shared out evenly over the clients, 25 at a time in each;
 * fails if any did not open. Returns how many are open and how long it took.
 */
export async function openStreams(clients: Client[], url: string, cookies: string[]): Promise<{ open: number; seconds: number }> {
  const started = Date.now();
  const perClient = Math.ceil(cookies.length / clients.length);
  const connected = await Promise.all(
    clients.map((client, index) =>
      client.request({ type: 'connect', url, cookies: cookies.slice(index * perClient, (index + 1) * perClient), concurrency: 25 }, 'connected'),
    ),
  );
  const failures = connected.flatMap((message) => message.failures);
  if (failures.length > 0) {
    throw new Error(`${failures.length} streams failed to open (first: ${failures[0]}); is the open-file limit (ulimit -n) high enough?`);
  }
  return { open: connected.reduce((sum, message) => sum + message.open, 0), seconds: (Date.now() - started) / 1000 };
}

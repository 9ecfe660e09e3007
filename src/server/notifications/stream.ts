import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { NotificationBroker } from './broker';
import { latestNotificationId, notificationsAfter, unreadSince, type NotificationRow } from './queries';
import { presentNotification } from './service';

const KEEP_ALIVE_MS = 25_000;
const RETRY_MS = 3000;
const BATCH = 100;
const FRESH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface StreamOptions {
  database: Database;
  broker: NotificationBroker;
  userId: string;
  /** The last id the client has; undefined for a first connection. */
  lastEventId: number | undefined;
  response: ServerResponse;
  log: FastifyBaseLogger;
  /** Whether the session that opened the stream still stands: a revoked one gets nothing more. */
  stillSignedIn: () => Promise<boolean>;
}

/**
 * Serves one user's event stream on an already-opened response: replay, then live events as the
 * broker wakes it. Every send reads from the database past the last id sent, so a burst of wakes
 * costs one query and events go out once each, in id order. Returns a function that ends it.
 */
export function serveNotificationStream(options: StreamOptions): () => void {
  const { database, response, userId } = options;
  let lastSentId = options.lastEventId ?? 0;
  let ready = false;
  let pumping = false;
  let again = false;
  let closed = false;

  const write = async (chunk: string) => {
    // Respect backpressure, but never wait on a client that has gone.
    if (closed || response.write(chunk)) return;
    await new Promise<void>((resolve) => {
      response.once('drain', resolve);
      response.once('close', resolve);
    });
  };
  const send = async (rows: NotificationRow[]) => {
    for (const row of rows) {
      if (closed) return;
      await write(`id: ${row.id}\nevent: notification\ndata: ${JSON.stringify(presentNotification(row))}\n\n`);
      lastSentId = row.id;
    }
  };

  const pump = async () => {
    if (!ready || closed) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      if (!(await options.stillSignedIn())) {
        end();
        return;
      }
      do {
        again = false;
        const rows = await notificationsAfter(database.db, userId, lastSentId, BATCH);
        await send(rows);
        if (rows.length === BATCH) again = true;
      } while (again && !closed);
    } catch (error) {
      options.log.error({ err: error }, 'notification stream fetch failed');
    } finally {
      pumping = false;
    }
  };
  const wake = () => void pump();

  // Subscribe before reading, so nothing committed between the read and the subscription is missed.
  const unsubscribe = options.broker.subscribe(userId, { wake });
  const keepAlive = setInterval(() => {
    void options.stillSignedIn().then((signedIn) => (signedIn ? write(': keep-alive\n\n') : end()));
  }, KEEP_ALIVE_MS);

  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe();
    response.end();
  };
  response.on('close', end);

  const start = async () => {
    await write(`retry: ${RETRY_MS}\n\n`);
    if (options.lastEventId === undefined) {
      // A first connection gets what is still worth seeing, then everything newer than now.
      const upTo = await latestNotificationId(database.db, userId);
      await send(await unreadSince(database.db, userId, new Date(Date.now() - FRESH_WINDOW_MS), upTo));
      lastSentId = upTo;
    }
    ready = true;
    await pump();
  };
  start().catch((error: unknown) => {
    options.log.error({ err: error }, 'notification stream failed to start');
    end();
  });
  return end;
}

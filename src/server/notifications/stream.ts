import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { NotificationBroker } from './broker';
import { latestNotificationId, unreadSince, type NotificationRow } from './queries';
import { presentNotification } from './service';
import { BATCH, readerFor, type LiveStream } from './stream-reader';

/** How often each stream also runs the app's full session check (see StreamOptions.stillSignedIn). */
const FULL_CHECK_MS = 5 * 60_000;
const RETRY_MS = 3000;
const FRESH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long before its session's expiry a stream stops sending what it is announced as it comes and
 * reads it, with the session, instead: room for the app's clock and the database's to differ.
 */
const EXPIRY_MARGIN_MS = 60_000;

export interface StreamOptions {
  database: Database;
  broker: NotificationBroker;
  userId: string;
  /** The last id the client has; undefined for a first connection. */
  lastEventId: number | undefined;
  response: ServerResponse;
  log: FastifyBaseLogger;
  /**
   * The session the stream was opened in (auth's `sessionIdOf`). Every read checks it in the same
   * statement that reads the notifications, batched with every other stream woken at that moment
   * (signed out, expired or past the absolute lifetime), and learns until when it stands; signing
   * out or cutting it short is announced (migration 0041) and ends the stream at once, before any
   * notification committed after it. So a revoked session gets nothing more.
   */
  sessionId: string;
  /** The app's full check (account status, factors…), run every few minutes besides. */
  stillSignedIn: () => Promise<boolean>;
}

/**
 * Serves one user's event stream on an already-opened response: replay, then live events as the
 * broker wakes it. A notification announced whole (a fan-out's) is sent as it comes when the
 * stream is idle, has sent everything announced before it and its session stands for a while yet:
 * announcements come in commit order, and a user's notifications commit in id order (service.ts),
 * so nothing can be missing before it. Otherwise the stream reads from the database past the last
 * id sent, so a burst of wakes costs one read and events go out once each, in id order. Reads of
 * all streams woken together are one statement per few hundred streams, not one per stream.
 * Returns a function that ends it.
 */
export function serveNotificationStream(options: StreamOptions): () => void {
  const { database, response, userId, sessionId } = options;
  const reader = readerFor(options.broker.reads);
  let lastSentId = options.lastEventId ?? 0;
  /** When the session stops standing (ms), as the last read found it; 0 before the first. */
  let liveUntil = 0;
  let ready = false;
  let pumping = false;
  let again = false;
  let closed = false;

  const write = eventWriter(response, () => closed);

  const send = async (rows: NotificationRow[]) => {
    for (const row of rows) {
      if (closed) return;
      await write(notificationEvent(row));
      lastSentId = row.id;
    }
  };

  const pump = async (keepAlive = false) => {
    if (!ready || closed) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        // The read checks the session in the same statement: once it is gone, the stream ends.
        const { signedIn, until, rows } = await reader.read(userId, lastSentId, sessionId);
        if (!signedIn) {
          end();
          return;
        }
        liveUntil = until;
        await send(rows);
        if (rows.length === BATCH) again = true;
      } while (again && !closed);
      if (keepAlive) await write(': keep-alive\n\n');
    } catch (error) {
      // What this read was for is unsent: nothing is sent unread until a read has caught up.
      liveUntil = 0;
      options.log.error({ err: error }, 'notification stream fetch failed');
    } finally {
      pumping = false;
    }
  };

  /** Sends a notification announced whole, as a read would have, with no read. */
  const push = async (row: NotificationRow) => {
    pumping = true;
    try {
      await send([row]);
    } finally {
      pumping = false;
    }
    // Announced meanwhile: read it.
    if (again) await pump();
  };

  const stream: LiveStream = {
    // A notification this stream has already sent (read along with an earlier one) needs no read.
    wake: (id, row) => {
      if (id !== undefined && id <= lastSentId) return;
      if (row && ready && !pumping && !closed && Date.now() < liveUntil - EXPIRY_MARGIN_MS) void push(row);
      else void pump();
    },
    sessionEnded: () => end(),
    keepAlive: () => void pump(true),
  };
  // Subscribe before reading, so nothing committed between the read and the subscription is missed.
  const unsubscribe = options.broker.subscribe(userId, sessionId, stream);
  reader.register(stream);

  const stopFullChecks = scheduleFullChecks(options.stillSignedIn, () => end());

  const end = () => {
    if (closed) return;
    closed = true;
    stopFullChecks();
    reader.unregister(stream);
    unsubscribe();
    response.end();
  };
  response.on('close', end);

  const start = async () => {
    await write(`retry: ${RETRY_MS}\n\n`);
    if (options.lastEventId === undefined) lastSentId = await replayFresh(database, userId, send);
    ready = true;
    await pump();
  };
  start().catch((error: unknown) => {
    options.log.error({ err: error }, 'notification stream failed to start');
    end();
  });
  return end;
}

/** Writes to the response, respecting backpressure, but never waits on a client that has gone. */
function eventWriter(response: ServerResponse, isClosed: () => boolean) {
  return async (chunk: string) => {
    if (isClosed() || response.write(chunk)) return;
    await new Promise<void>((resolve) => {
      response.once('drain', resolve);
      response.once('close', resolve);
    });
  };
}

function notificationEvent(row: NotificationRow): string {
  return `id: ${row.id}\nevent: notification\ndata: ${JSON.stringify(presentNotification(row))}\n\n`;
}

/**
 * Runs the app's full session check every few minutes and calls `end` once it fails; each wait is
 * spread out so streams opened together do not all run it at the same moment. Returns what stops it.
 */
function scheduleFullChecks(stillSignedIn: () => Promise<boolean>, end: () => void): () => void {
  let fullCheck: NodeJS.Timeout | undefined;
  const schedule = () => {
    fullCheck = setTimeout(
      () => {
        void stillSignedIn().then(
          (signedIn) => (signedIn ? schedule() : end()),
          () => schedule(),
        );
      },
      FULL_CHECK_MS * (0.75 + Math.random() * 0.5),
    );
    fullCheck.unref();
  };
  schedule();
  return () => clearTimeout(fullCheck);
}

/**
 * A first connection gets what is still worth seeing, then everything newer than now: sends the
 * unread notifications of the fresh window and returns the id the live events continue after.
 */
async function replayFresh(database: Database, userId: string, send: (rows: NotificationRow[]) => Promise<void>): Promise<number> {
  const upTo = await latestNotificationId(database.db, userId);
  await send(await unreadSince(database.db, userId, new Date(Date.now() - FRESH_WINDOW_MS), upTo));
  return upTo;
}

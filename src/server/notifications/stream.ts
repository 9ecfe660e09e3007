import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { liveSessionCondition, liveSessionUntil } from '../auth/live-session';
import type { Database } from '../db/client';
import { READ_CONNECTIONS, type NotificationBroker, type NotificationSubscriber } from './broker';
import { latestNotificationId, unreadSince, type NotificationRow } from './queries';
import { presentNotification } from './service';

const KEEP_ALIVE_MS = 25_000;
const KEEP_ALIVE_SLOTS = 25;
/** How often each stream also runs the app's full session check (see StreamOptions.stillSignedIn). */
const FULL_CHECK_MS = 5 * 60_000;
const RETRY_MS = 3000;
const BATCH = 100;
const FRESH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Streams read by one statement, and statements in flight at once (one per connection of the broker's `reads`). */
const MAX_STREAMS_PER_READ = 500;
const MAX_READS_IN_FLIGHT = READ_CONNECTIONS;
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

interface LiveStream extends NotificationSubscriber {
  keepAlive(): void;
}

interface ReadResult {
  signedIn: boolean;
  /** When the session stops standing unless it is used (ms). */
  until: number;
  rows: NotificationRow[];
}

interface PendingRead {
  userId: string;
  afterId: number;
  sessionId: string;
  resolve: (result: ReadResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads for many streams in one statement: for each stream, whether its session still stands (the
 * row exists, unexpired, within the absolute lifetime) and, only then,
 * its notifications past the id it last sent, oldest first.
 */
const READ_SQL = `
  select w.i, s.id is not null as signed_in, ${liveSessionUntil('s')} as live_until,
         n.id, n.type, n.title, n.body, n.link, n.created_at, n.read_at
  from unnest($1::int[], $2::text[], $3::bigint[], $4::text[]) as w(i, user_id, after_id, session_id)
  left join session s on ${liveSessionCondition('s', 'w.session_id', 'w.user_id')}
  left join lateral (
    select n.id, n.type, n.title, n.body, n.link, n.created_at, n.read_at
    from notifications n
    where s.id is not null and n.user_id = w.user_id and n.id > w.after_id
    order by n.id
    limit ${BATCH}
  ) n on true
  order by w.i, n.id`;

interface ReadRow {
  i: number;
  signed_in: boolean;
  live_until: Date | null;
  id: string | null;
  type: string;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

/**
 * One per database: queues the reads of the streams woken in the same turn of the event loop and
 * runs them together, a few hundred streams per statement and at most MAX_READS_IN_FLIGHT
 * statements at once (reads arriving meanwhile join the next statement). Also sends the streams'
 * keep-alives, which check the session too: one timer ticks every second and serves one of
 * KEEP_ALIVE_SLOTS groups of streams, so each gets one every KEEP_ALIVE_MS, their session checks
 * are batched, and thousands of streams opened together do not all come due in the same moment.
 */
class NotificationReader {
  private queue: PendingRead[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly slots = Array.from({ length: KEEP_ALIVE_SLOTS }, () => new Set<LiveStream>());
  private readonly slotOf = new Map<LiveStream, Set<LiveStream>>();
  private slot = 0;
  private keepAliveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  read(userId: string, afterId: number, sessionId: string): Promise<ReadResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, afterId, sessionId, resolve, reject });
      if (this.inFlight < MAX_READS_IN_FLIGHT) this.schedule();
    });
  }

  /** The stream's first keep-alive comes a full KEEP_ALIVE_MS later: its slot has just been served. */
  register(stream: LiveStream) {
    const slot = this.slots[this.slot]!;
    slot.add(stream);
    this.slotOf.set(stream, slot);
    if (!this.keepAliveTimer) {
      this.keepAliveTimer = setInterval(() => {
        this.slot = (this.slot + 1) % KEEP_ALIVE_SLOTS;
        for (const live of this.slots[this.slot]!) live.keepAlive();
      }, KEEP_ALIVE_MS / KEEP_ALIVE_SLOTS);
      this.keepAliveTimer.unref();
    }
  }

  unregister(stream: LiveStream) {
    this.slotOf.get(stream)?.delete(stream);
    this.slotOf.delete(stream);
    if (this.slotOf.size === 0 && this.keepAliveTimer) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the current turn: every wake from the notifications parsed in it joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0 && this.inFlight < MAX_READS_IN_FLIGHT) {
      this.inFlight++;
      void this.run(this.queue.splice(0, MAX_STREAMS_PER_READ));
    }
  }

  private async run(batch: PendingRead[]) {
    let rows: ReadRow[];
    try {
      const result = await this.database.pool.query<ReadRow>(READ_SQL, [
        batch.map((_, index) => index),
        batch.map((pending) => pending.userId),
        batch.map((pending) => pending.afterId),
        batch.map((pending) => pending.sessionId),
      ]);
      rows = result.rows;
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    } finally {
      // The next statement goes out before this batch's events are written, so the database
      // works on it meanwhile.
      this.inFlight--;
      this.dispatch();
    }
    const results: ReadResult[] = batch.map(() => ({ signedIn: false, until: 0, rows: [] }));
    for (const row of rows) {
      const result = results[row.i]!;
      result.signedIn = row.signed_in;
      result.until = row.live_until?.getTime() ?? 0;
      if (row.id === null) continue;
      result.rows.push({
        id: Number(row.id),
        userId: batch[row.i]!.userId,
        type: row.type,
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.created_at,
        readAt: row.read_at,
      });
    }
    batch.forEach((pending, index) => pending.resolve(results[index]!));
  }
}

const readers = new WeakMap<Database, NotificationReader>();

function readerFor(database: Database): NotificationReader {
  let reader = readers.get(database);
  if (!reader) readers.set(database, (reader = new NotificationReader(database)));
  return reader;
}

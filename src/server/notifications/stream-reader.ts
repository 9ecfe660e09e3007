import { liveSessionCondition, liveSessionUntil } from '../auth/live-session';
import type { Database } from '../db/client';
import { READ_CONNECTIONS, type NotificationSubscriber } from './broker';
import type { NotificationRow } from './queries';

/**
 * The notification streams' reads from the database (stream.ts): batched across every stream woken
 * at once, each checking its stream's session, and the keep-alives that check it between events.
 */

const KEEP_ALIVE_MS = 25_000;
const KEEP_ALIVE_SLOTS = 25;
/** Notifications a read returns for one stream at most; a full batch means there may be more. */
export const BATCH = 100;
/** Streams read by one statement, and statements in flight at once (one per connection of the broker's `reads`). */
const MAX_STREAMS_PER_READ = 500;
const MAX_READS_IN_FLIGHT = READ_CONNECTIONS;

export interface LiveStream extends NotificationSubscriber {
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

export function readerFor(database: Database): NotificationReader {
  let reader = readers.get(database);
  if (!reader) readers.set(database, (reader = new NotificationReader(database)));
  return reader;
}

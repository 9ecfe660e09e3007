import { connectDatabase, type Database } from '../db/client';
import { startListener } from '../db/listener';
import type { NotificationRow } from './queries';
import { NOTIFICATION_CHANNEL } from './service';

/** A live SSE connection: told to fetch whatever it has not sent yet, or given it whole. */
export interface NotificationSubscriber {
  /**
   * `id`: the notification announced; undefined when anything may have been missed (reconnect).
   * `row`: the notification itself, when it was announced whole and nothing announced before it
   * can have been missed.
   */
  wake(id?: number, row?: NotificationRow): void;
  /** The session the connection was opened in has ended (signed out, or cut short). */
  sessionEnded(): void;
}

export interface NotificationBroker {
  /** Registers a connection for a user and the session it was opened in; returns its unsubscribe. */
  subscribe(userId: string, sessionId: string, subscriber: NotificationSubscriber): () => void;
  /**
   * What the streams read their notifications with (stream.ts): connections of their own, so the
   * app's pool filling up — a fan-out is followed by thousands of alert jobs — does not hold up
   * delivery.
   */
  readonly reads: Database;
  stop(): Promise<void>;
}

/** Connections in `reads`: the statements the streams' reader runs at once. */
export const READ_CONNECTIONS = 2;

/** Shown in pg_stat_activity, so an operator (or a test) can find the LISTEN connection. */
export const LISTENER_APPLICATION_NAME = 'carerelay-notifications';

/**
 * One LISTEN connection per app instance. A NOTIFY carries the notifications committed (service.ts's
 * Announcement: a fan-out's few dozen in one), whole or as [userId, id], and the ends of sessions;
 * the broker loads nothing itself but hands each to its user's connections, which send a whole one
 * as it is and read the others past their last sent id, so order holds. The id goes along, so a
 * connection that has already sent it skips it. When the connection drops it reconnects with
 * backoff and wakes every connection, which catches up on what was missed meanwhile; until then
 * nothing is handed over whole, as a session may have ended unannounced.
 */
export async function startNotificationBroker(options: {
  databaseUrl: string;
  onError: (error: unknown) => void;
}): Promise<NotificationBroker> {
  const subscribers = new Map<string, Set<NotificationSubscriber>>();
  const bySession = new Map<string, Set<NotificationSubscriber>>();
  // False from a lost connection until every connection has been woken after the reconnect.
  let continuous = true;
  const wakeAll = () => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.wake();
  };

  const wake = (entry: unknown[]) => {
    const [userId, id] = entry;
    if (typeof userId !== 'string') return;
    const set = subscribers.get(userId);
    if (!set) return;
    const known = typeof id === 'number' ? id : undefined;
    const row = continuous && known !== undefined ? wholeRow(userId, known, entry) : undefined;
    for (const subscriber of set) subscriber.wake(known, row);
  };

  const onNotification = (message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return;
    }
    if (Array.isArray(payload)) {
      for (const entry of payload as unknown[]) if (Array.isArray(entry)) wake(entry);
      return;
    }
    if (!payload || typeof payload !== 'object') return;
    const { endedSessions, userId, id } = payload as { endedSessions?: unknown; userId?: unknown; id?: unknown };
    if (Array.isArray(endedSessions)) {
      for (const sessionId of endedSessions) {
        if (typeof sessionId !== 'string') continue;
        for (const subscriber of [...(bySession.get(sessionId) ?? [])]) subscriber.sessionEnded();
      }
      return;
    }
    // One {userId, id} each: what an instance of the previous version announces, during a rolling deploy.
    wake([userId, id]);
  };

  const reads = connectDatabase(options.databaseUrl, { max: READ_CONNECTIONS });
  // The first LISTEN must work (startListener rejects otherwise); the reads' pool goes with it.
  const listener = await startListener({
    connection: { connectionString: options.databaseUrl },
    channel: NOTIFICATION_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    onNotification,
    onLost: () => {
      continuous = false;
    },
    // Anything announced while we were not listening is found by the catch-up fetch.
    onReconnected: () => {
      wakeAll();
      continuous = true;
    },
    onError: options.onError,
  }).catch(async (error: unknown) => {
    await reads.close();
    throw error;
  });

  return {
    reads,
    subscribe(userId, sessionId, subscriber) {
      const add = (map: Map<string, Set<NotificationSubscriber>>, key: string) => {
        let set = map.get(key);
        if (!set) map.set(key, (set = new Set()));
        set.add(subscriber);
        return () => {
          set.delete(subscriber);
          if (set.size === 0 && map.get(key) === set) map.delete(key);
        };
      };
      const removes = [add(subscribers, userId), add(bySession, sessionId)];
      return () => {
        for (const remove of removes) remove();
      };
    },
    stop: async () => {
      await listener.stop();
      await reads.close();
    },
  };
}

/** An announced entry's notification, when it came whole ([userId, id, type, title, body, link, createdAt]). */
function wholeRow(userId: string, id: number, entry: unknown[]): NotificationRow | undefined {
  const [, , type, title, body, link, createdAt] = entry;
  if (typeof type !== 'string' || typeof title !== 'string' || typeof body !== 'string' || typeof link !== 'string' || typeof createdAt !== 'string') {
    return undefined;
  }
  // Just committed: nobody can have read it yet.
  return { id, userId, type, title, body, link, createdAt: new Date(createdAt), readAt: null };
}

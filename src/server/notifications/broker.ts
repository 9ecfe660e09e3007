import { connectDatabase, type Database } from '../db/client';
import { startListener } from '../db/listener';
import { NOTIFICATION_CHANNEL } from './service';

/** A live SSE connection: told to fetch whatever it has not sent yet. */
export interface NotificationSubscriber {
  /** `id`: the notification announced; undefined when anything may have been missed (reconnect). */
  wake(id?: number): void;
}

export interface NotificationBroker {
  /** Registers a connection for a user; returns its unsubscribe. */
  subscribe(userId: string, subscriber: NotificationSubscriber): () => void;
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
 * One LISTEN connection per app instance. A NOTIFY carries only [userId, id] pairs (service.ts's
 * Announcement: a fan-out's few hundred in one); the broker loads nothing itself but wakes each
 * user's connections, each of which reads rows past its last sent id, so the database stays the
 * source of truth and order holds. The id goes along with the wake, so a connection that has
 * already sent it (read together with an earlier one) skips the read. When the connection drops it
 * reconnects with backoff and wakes every connection, which catches up on what was missed meanwhile.
 */
export async function startNotificationBroker(options: {
  databaseUrl: string;
  onError: (error: unknown) => void;
}): Promise<NotificationBroker> {
  const subscribers = new Map<string, Set<NotificationSubscriber>>();
  const wakeAll = () => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.wake();
  };

  const wake = (userId: unknown, id: unknown) => {
    if (typeof userId !== 'string') return;
    const set = subscribers.get(userId);
    if (!set) return;
    for (const subscriber of set) subscriber.wake(typeof id === 'number' ? id : undefined);
  };

  const onNotification = (message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return;
    }
    if (Array.isArray(payload)) {
      for (const pair of payload as unknown[]) if (Array.isArray(pair)) wake(pair[0], pair[1]);
      return;
    }
    // One {userId, id} each: what an instance of the previous version announces, during a rolling deploy.
    if (payload && typeof payload === 'object') wake((payload as { userId?: unknown }).userId, (payload as { id?: unknown }).id);
  };

  const reads = connectDatabase(options.databaseUrl, { max: READ_CONNECTIONS });
  // The first LISTEN must work (startListener rejects otherwise); the reads' pool goes with it.
  const listener = await startListener({
    connection: { connectionString: options.databaseUrl },
    channel: NOTIFICATION_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    onNotification,
    // Anything announced while we were not listening is found by the catch-up fetch.
    onReconnected: wakeAll,
    onError: options.onError,
  }).catch(async (error: unknown) => {
    await reads.close();
    throw error;
  });

  return {
    reads,
    subscribe(userId, subscriber) {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },
    stop: async () => {
      await listener.stop();
      await reads.close();
    },
  };
}

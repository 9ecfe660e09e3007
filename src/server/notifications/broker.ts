import pg from 'pg';
import { NOTIFICATION_CHANNEL } from './service';

/** A live SSE connection: told to fetch whatever it has not sent yet. */
export interface NotificationSubscriber {
  /** `id`: the notification announced; undefined when anything may have been missed (reconnect). */
  wake(id?: number): void;
}

export interface NotificationBroker {
  /** Registers a connection for a user; returns its unsubscribe. */
  subscribe(userId: string, subscriber: NotificationSubscriber): () => void;
  stop(): Promise<void>;
}

/** Shown in pg_stat_activity, so an operator (or a test) can find the LISTEN connection. */
export const LISTENER_APPLICATION_NAME = 'carerelay-notifications';

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

/**
 * One LISTEN connection per app instance. A NOTIFY carries only {userId, id}; the broker loads
 * nothing itself but wakes that user's connections, each of which reads rows past its last sent id,
 * so the database stays the source of truth and order holds. The id goes along with the wake, so a
 * connection that has already sent it (read together with an earlier one) skips the read. When the
 * connection drops it reconnects with backoff and wakes every connection, which catches up on what
 * was missed meanwhile.
 */
export async function startNotificationBroker(options: {
  databaseUrl: string;
  onError: (error: unknown) => void;
}): Promise<NotificationBroker> {
  const subscribers = new Map<string, Set<NotificationSubscriber>>();
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = MIN_BACKOFF_MS;

  const wakeAll = () => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.wake();
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
    let payload: { userId?: unknown; id?: unknown };
    try {
      payload = JSON.parse(message.payload) as typeof payload;
    } catch {
      return;
    }
    const { userId, id } = payload;
    if (typeof userId !== 'string') return;
    const set = subscribers.get(userId);
    if (!set) return;
    for (const subscriber of set) subscriber.wake(typeof id === 'number' ? id : undefined);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: LISTENER_APPLICATION_NAME });
    // 'error' and 'end' both mean the connection is gone; reconnect once either way. Before it is
    // ready, a failure rejects connect() instead, and the caller decides about retrying.
    let ready = false;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (!ready || lost) return;
      lost = true;
      if (client === next) client = undefined;
      if (stopped) return;
      if (error) options.onError(error);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    ready = true;
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    backoff = MIN_BACKOFF_MS;
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        // Anything announced while we were not listening is found by the catch-up fetch.
        () => wakeAll(),
        (error: unknown) => {
          if (stopped) return;
          options.onError(error);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          scheduleReconnect();
        },
      );
    }, backoff);
  };

  // The first connection must work: an instance that cannot listen would silently miss events.
  await connect();

  return {
    subscribe(userId, subscriber) {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}

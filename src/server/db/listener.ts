import pg from 'pg';

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

export interface Listener {
  /** False while the LISTEN connection is down: NOTIFYs sent meanwhile are never delivered. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

export interface ListenerOptions {
  connection: pg.ClientConfig;
  channel: string;
  /** Shown in pg_stat_activity, so an operator (or a test) can find the connection. */
  applicationName: string;
  onNotification: (payload: string) => void;
  onLost?: () => void;
  onReconnected?: () => void;
  onError: (error: unknown) => void;
}

/**
 * One dedicated connection that LISTENs on `channel` and hands each payload to `onNotification`.
 * When the connection drops it calls `onLost` and reconnects with backoff, then `onReconnected`:
 * whatever was announced in between is lost, so users of the listener catch up in those hooks.
 * The first connection must work (the promise rejects otherwise): an instance that cannot listen
 * would silently miss events.
 */
export async function startListener(options: ListenerOptions): Promise<Listener> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = MIN_BACKOFF_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options.connection, application_name: options.applicationName });
    // 'error' and 'end' both mean the connection is gone; reconnect once either way. Before it is
    // ready, a failure rejects connect() instead, and the caller decides about retrying.
    let ready = false;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (!ready || lost) return;
      lost = true;
      if (client === next) client = undefined;
      options.onLost?.();
      if (stopped) return;
      if (error) options.onError(error);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
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
        () => options.onReconnected?.(),
        (error: unknown) => {
          if (stopped) return;
          options.onError(error);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          scheduleReconnect();
        },
      );
    }, backoff);
  };

  await connect();

  return {
    get listening() {
      return client !== undefined;
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

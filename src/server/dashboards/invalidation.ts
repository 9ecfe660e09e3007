import pg from 'pg';

/**
 * Raised by database triggers (migration 0013) whenever a row behind an agency's or a therapist's
 * dashboard changes — referrals, visits, payouts, their profiles, a time zone — with that user's id
 * as the payload. Triggers catch every writer (each API instance, jobs, better-auth, scripts), and
 * NOTIFY reaches every instance's listener, so no instance keeps figures from before a change.
 */
export const DASHBOARD_CHANNEL = 'carerelay_dashboards';

/** Shown in pg_stat_activity, so an operator (or a test) can find the LISTEN connection. */
export const DASHBOARD_LISTENER_NAME = 'carerelay-dashboards';

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

export interface DashboardInvalidation {
  /** False while the LISTEN connection is down: changes may be missed, so nothing may be cached. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

/**
 * One LISTEN connection per app instance: `forget(userId)` on each change; `forgetAll()` whenever
 * the connection is lost (changes made meanwhile are not announced to anyone), and again once it
 * is back, then it reconnects with backoff.
 */
export async function startDashboardInvalidation(options: {
  connection: pg.ClientConfig;
  forget: (userId: string) => void;
  forgetAll: () => void;
  onError: (error: unknown) => void;
}): Promise<DashboardInvalidation> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = MIN_BACKOFF_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options.connection, application_name: DASHBOARD_LISTENER_NAME });
    let ready = false;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (!ready || lost) return;
      lost = true;
      if (client === next) client = undefined;
      options.forgetAll();
      if (stopped) return;
      if (error) options.onError(error);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === DASHBOARD_CHANNEL && message.payload) options.forget(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${DASHBOARD_CHANNEL}`);
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
    // Anything cached while no connection listened may predate a change.
    options.forgetAll();
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        if (stopped) return;
        options.onError(error);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        scheduleReconnect();
      });
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

import type pg from 'pg';
import { startListener, type Listener } from '../db/listener';

/**
 * Raised by database triggers (migration 0013) whenever a row behind an agency's or a therapist's
 * dashboard changes — referrals, visits, payouts, their profiles, a time zone — with that user's id
 * as the payload. Triggers catch every writer (each API instance, jobs, better-auth, scripts), and
 * NOTIFY reaches every instance's listener, so no instance keeps figures from before a change.
 */
export const DASHBOARD_CHANNEL = 'carerelay_dashboards';

/** The payload of a change to the undelivered messages the managers' dashboard counts (migration 0038): no tenant's id. */
export const UNDELIVERED_MESSAGES = 'undelivered-messages';

/**
 * One LISTEN connection per app instance: `forget(userId)` on each change; `forgetAll()` whenever
 * the connection is lost (changes made meanwhile are not announced to anyone) and again once it
 * is back. While it is down `listening` is false, and callers must not cache.
 */
export function startDashboardInvalidation(options: {
  connection: pg.ClientConfig;
  forget: (userId: string) => void;
  forgetAll: () => void;
  onError: (error: unknown) => void;
}): Promise<Listener> {
  return startListener({
    connection: options.connection,
    channel: DASHBOARD_CHANNEL,
    applicationName: 'carerelay-dashboards',
    onNotification: options.forget,
    onLost: options.forgetAll,
    // Anything cached while no connection listened may predate a change.
    onReconnected: options.forgetAll,
    onError: options.onError,
  });
}

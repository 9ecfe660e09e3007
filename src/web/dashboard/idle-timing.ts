/**
 * When the dashboard warns about and ends an idle session. The server slides a session's expiry
 * `sessionIdleSeconds` out whenever a request that is not marked background arrives, but only
 * rewrites it once `min(60, idle / 4)` seconds have passed since the last rewrite. The web keeps its
 * own clock in step: its keep-alive requests are that far apart, so each one is a rewrite, and when
 * it cannot know (the page's first load) it assumes the rewrite happened that much earlier.
 */
export interface IdleTimings {
  idleMs: number;
  /** How long before the end the warning dialog appears. */
  warningMs: number;
  /** The least time between two keep-alive requests (at most a minute). */
  keepAliveMs: number;
}

export function idleTimings(sessionIdleSeconds: number): IdleTimings {
  const quarterMs = Math.min(60, sessionIdleSeconds / 4) * 1000;
  return { idleMs: sessionIdleSeconds * 1000, warningMs: quarterMs, keepAliveMs: quarterMs };
}

export type IdlePhase = { phase: 'active' | 'warning'; secondsLeft: number } | { phase: 'expired'; secondsLeft: 0 };

/** Where the session stands `now`, given when the server last saw activity. */
export function idlePhase(now: number, refreshedAt: number, timings: IdleTimings): IdlePhase {
  const leftMs = refreshedAt + timings.idleMs - now;
  if (leftMs <= 0) return { phase: 'expired', secondsLeft: 0 };
  return { phase: leftMs <= timings.warningMs ? 'warning' : 'active', secondsLeft: Math.ceil(leftMs / 1000) };
}

/**
 * Activity since the last keep-alive is reported once the throttle allows, counted from the last
 * request that could refresh the session (`lastSentAt`): a request sent sooner would not make the
 * server move its expiry. Never while the warning shows: that takes a click on "Stay signed in".
 */
export function shouldKeepAlive(options: {
  now: number;
  refreshedAt: number;
  lastSentAt: number;
  activeSinceRefresh: boolean;
  timings: IdleTimings;
}): boolean {
  const { now, refreshedAt, lastSentAt, activeSinceRefresh, timings } = options;
  if (!activeSinceRefresh) return false;
  if (idlePhase(now, refreshedAt, timings).phase !== 'active') return false;
  return now - lastSentAt >= timings.keepAliveMs;
}

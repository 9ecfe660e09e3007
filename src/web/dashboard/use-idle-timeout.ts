import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isUnauthenticated, keepSessionAlive } from '../api/auth';
import { idlePhase, idleTimings, shouldKeepAlive } from './idle-timing';
import { shareRefreshedAt, sharedRefreshedAt, watchOtherTabs } from './session-broadcast';

// What counts as someone at the keyboard. Scroll is captured so scrolling inner panes counts too.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleState {
  warning: boolean;
  secondsLeft: number;
  staying: boolean;
  stayFailed: boolean;
  stay: () => void;
}

/**
 * Tracks activity in the signed-in area, sends a keep-alive (GET /api/me) at most once per
 * keep-alive interval while the user is active, warns before the server's idle timeout, and calls
 * `onExpired` at the limit. `onSessionGone` is for a session that ended elsewhere.
 */
export function useIdleTimeout(options: {
  sessionIdleSeconds: number;
  /** When the page last made a request that refreshes the session (e.g. when /api/me was loaded). */
  refreshedAt: number;
  onExpired: () => void;
  onSessionGone: () => void;
}): IdleState {
  const timings = useMemo(() => idleTimings(options.sessionIdleSeconds), [options.sessionIdleSeconds]);
  // Set when the listeners start (below), from the page's load and what other tabs reported.
  const refreshedAt = useRef(0);
  const lastSentAt = useRef(0);
  const activeSinceRefresh = useRef(false);
  const inFlight = useRef(false);
  const ended = useRef(false);
  const [warning, setWarning] = useState<{ secondsLeft: number } | null>(null);
  const [staying, setStaying] = useState(false);
  const [stayFailed, setStayFailed] = useState(false);

  // The latest callbacks, without restarting the listeners when the parent re-renders.
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  const keepAlive = useCallback(async (): Promise<'ok' | 'failed' | 'busy'> => {
    if (inFlight.current) return 'busy';
    inFlight.current = true;
    activeSinceRefresh.current = false;
    // The server refreshes when it receives the request, so the time it was sent is the safe estimate.
    const sentAt = Date.now();
    lastSentAt.current = sentAt;
    try {
      await keepSessionAlive();
      refreshedAt.current = Math.max(refreshedAt.current, sentAt);
      shareRefreshedAt(refreshedAt.current);
      return 'ok';
    } catch (error) {
      if (isUnauthenticated(error) && !ended.current) {
        ended.current = true;
        callbacks.current.onSessionGone();
      }
      return 'failed';
    } finally {
      inFlight.current = false;
    }
  }, []);

  const evaluate = useCallback(() => {
    if (ended.current) return;
    const now = Date.now();
    const phase = idlePhase(now, refreshedAt.current, timings);
    if (phase.phase === 'expired') {
      ended.current = true;
      setWarning(null);
      callbacks.current.onExpired();
      return;
    }
    setWarning((previous) => {
      if (phase.phase === 'active') return null;
      return previous?.secondsLeft === phase.secondsLeft ? previous : { secondsLeft: phase.secondsLeft };
    });
    if (shouldKeepAlive({
        now,
        refreshedAt: refreshedAt.current,
        lastSentAt: lastSentAt.current,
        activeSinceRefresh: activeSinceRefresh.current,
        timings,
      })) {
      void keepAlive();
    }
  }, [timings, keepAlive]);

  useEffect(() => {
    // The page's own load may have come too soon after the last refresh for the server to refresh
    // again (it waits keepAliveMs between rewrites), so the first estimate leaves that much room.
    const loadedAt = callbacks.current.refreshedAt;
    const shared = sharedRefreshedAt();
    refreshedAt.current = Math.max(refreshedAt.current, loadedAt - timings.keepAliveMs, shared);
    lastSentAt.current = Math.max(lastSentAt.current, loadedAt, shared);

    const onActivity = () => {
      activeSinceRefresh.current = true;
      evaluate();
    };
    const onVisibility = () => {
      // Timers are slowed in hidden tabs; coming back is both a check of the clock and activity.
      if (document.visibilityState === 'visible') onActivity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    const timer = window.setInterval(evaluate, 1000);
    const unwatch = watchOtherTabs({
      onRefreshed: (at) => {
        refreshedAt.current = Math.max(refreshedAt.current, at);
        lastSentAt.current = Math.max(lastSentAt.current, at);
        evaluate();
      },
      onSignedOut: () => {
        if (ended.current) return;
        ended.current = true;
        callbacks.current.onSessionGone();
      },
    });
    evaluate();
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
      unwatch();
    };
  }, [evaluate, timings]);

  const stay = useCallback(() => {
    setStaying(true);
    setStayFailed(false);
    void keepAlive().then((result) => {
      setStaying(false);
      if (result === 'failed' && !ended.current) setStayFailed(true);
      evaluate();
    });
  }, [keepAlive, evaluate]);

  return { warning: warning !== null, secondsLeft: warning?.secondsLeft ?? 0, staying, stayFailed, stay };
}

import { useEffect, useState } from 'react';

/** How often, and for how long, a page refreshes after a retry: the job runs in the background, usually within seconds. */
const RETRY_POLL_MS = 2_000;
const RETRY_WATCH_MS = 30_000;

/**
 * After a retry the charge or transfer happens in a background job, so the page asks again every
 * few seconds for a while to show its outcome without a reload. `pollMs` goes to the page's query
 * (undefined: no polling); `watch()` starts (or restarts) the window.
 */
export function useRetryWatch() {
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setSince(null), RETRY_WATCH_MS);
    return () => clearTimeout(timer);
  }, [since]);
  return { pollMs: since === null ? undefined : RETRY_POLL_MS, watch: () => setSince(Date.now()) };
}

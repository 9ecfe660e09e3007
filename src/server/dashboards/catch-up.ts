import { randomUUID } from 'node:crypto';

/** Notices that name no tenant: an instance's catch-up sentinels (see createCatchUp). */
const SENTINEL = 'sentinel:';
/** A sentinel not back within this long: the read goes to the database. */
const CATCH_UP_TIMEOUT_MS = 1000;

/**
 * A kept page is served only once this instance's listener has heard every notice committed before
 * the read began, so no change anyone committed is read back from before it, whichever instance
 * made it: a sentinel NOTIFY sent after the read arrived reaches the listener after those notices
 * (PostgreSQL delivers notices in commit order). Reads arriving while one is on its way wait for
 * the next, so one sentinel serves a burst of reads. `wait` answers false when that cannot be told
 * (no answer in time, the listener lost): the read then goes to the database.
 */
export function createCatchUp(send: (payload: string) => Promise<unknown>) {
  const prefix = `${SENTINEL}${randomUUID()}:`;
  let count = 0;
  let queued: Array<(caughtUp: boolean) => void> = [];
  let inFlight: { payload: string; waiters: Array<(caughtUp: boolean) => void>; timer: NodeJS.Timeout } | undefined;
  const finish = (caughtUp: boolean) => {
    const batch = inFlight;
    inFlight = undefined;
    if (!batch) return;
    clearTimeout(batch.timer);
    for (const resolve of batch.waiters) resolve(caughtUp);
    if (queued.length > 0) launch();
  };
  const launch = () => {
    const payload = `${prefix}${++count}`;
    inFlight = { payload, waiters: queued, timer: setTimeout(() => finish(false), CATCH_UP_TIMEOUT_MS) };
    queued = [];
    send(payload).catch(() => {
      if (inFlight?.payload === payload) finish(false);
    });
  };
  return {
    wait: () =>
      new Promise<boolean>((resolve) => {
        queued.push(resolve);
        if (!inFlight) launch();
      }),
    /** True when the notice was a sentinel (this instance's or another's), which names no tenant. */
    heard(payload: string): boolean {
      if (!payload.startsWith(SENTINEL)) return false;
      if (inFlight?.payload === payload) finish(true);
      return true;
    },
    lost() {
      const waiters = [...(inFlight?.waiters ?? []), ...queued];
      if (inFlight) clearTimeout(inFlight.timer);
      inFlight = undefined;
      queued = [];
      for (const resolve of waiters) resolve(false);
    },
  };
}

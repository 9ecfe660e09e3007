/**
 * GET /api/me started by the entry script on a signed-in page, before the router has loaded the
 * page's code: the signed-in area shows nothing until it answers, so it travels beside the page's
 * chunks instead of after them (a phone's round trips are what its first paint waits for). The
 * first read of /api/me takes it (fetchMe); every later read asks afresh.
 *
 * Free of imports: it sits in the entry chunk every page loads.
 */
let early: Promise<Response> | undefined;

export function startEarlyMe(pathname: string): void {
  if (!pathname.startsWith('/dashboard')) return;
  early = fetch('/api/me', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  // Not unhandled while no one has taken it yet; whoever takes it reads the failure.
  early.catch(() => undefined);
}

/** The early request, once; undefined when there was none or it was taken. */
export function takeEarlyMe(): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}

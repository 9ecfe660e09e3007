/**
 * Tabs of one browser share one session: a tab in use must keep an idle tab from signing everyone
 * out, and signing out in one tab should take the others back to the public site.
 */
const REFRESHED_KEY = 'carerelay.session.refreshedAt';
const SIGNED_OUT_KEY = 'carerelay.session.signedOutAt';

function write(key: string, value: number) {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Storage can be unavailable (private modes, quotas); each tab then keeps its own clock.
  }
}

export function shareRefreshedAt(at: number) {
  write(REFRESHED_KEY, at);
}

export function shareSignedOut() {
  write(SIGNED_OUT_KEY, Date.now());
}

export function sharedRefreshedAt(): number {
  try {
    return Number(localStorage.getItem(REFRESHED_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** Calls back when another tab reports activity or a sign-out. Returns the unsubscribe function. */
export function watchOtherTabs(handlers: { onRefreshed: (at: number) => void; onSignedOut: () => void }): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === REFRESHED_KEY && event.newValue) handlers.onRefreshed(Number(event.newValue) || 0);
    if (event.key === SIGNED_OUT_KEY && event.newValue) handlers.onSignedOut();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * Where a sign-in, /verify, onboarding or the Security page goes afterwards: only a page of the
 * signed-in area on this site (/dashboard and below, with its query and hash). Anything else
 * (another origin, a protocol-relative `//host`, a backslash that browsers read as a slash, a path
 * that climbs out of /dashboard) falls back to `fallback`, so a crafted link in a mail or text
 * cannot send someone elsewhere after they prove who they are.
 */
export function safeNext(raw: string | null | undefined, fallback = '/dashboard'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a `//`.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(raw, 'https://carerelay.invalid');
    if (url.origin !== 'https://carerelay.invalid') return fallback;
    // Checked after parsing, so `/dashboard/../elsewhere` is judged by where it really leads.
    if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** A `next` value in a query string, with its slashes left readable (they are valid there). */
function nextParam(next: string): string {
  return encodeURIComponent(next).replace(/%2F/gi, '/');
}

/** The /verify link that returns to `next` afterwards. */
export function verifyPath(next: string): string {
  return `/verify?next=${nextParam(next)}`;
}

/** The landing page with the login dialog open, which returns to `next` once signed in. */
export function signInPath(next: string): string {
  return `/?signIn=1&next=${nextParam(next)}`;
}

/** The landing page after the idle sign-out: it says why, and logging in again returns to `next`. */
export function idleSignOutPath(next: string): string {
  return `/?signedOut=idle&next=${nextParam(next)}`;
}

/** Where a fresh sign-in lands (/signed-in decides what comes before `next`). */
export function signedInPath(next: string): string {
  return `/signed-in?next=${nextParam(next)}`;
}

/** Onboarding that continues to `next` when it is saved. */
export function onboardingPath(next: string): string {
  return `/onboarding?next=${nextParam(next)}`;
}

/** The Security page, offering a way back to `next` once a factor is added. */
export function securityPath(next: string): string {
  return `/dashboard/security?next=${nextParam(next)}`;
}

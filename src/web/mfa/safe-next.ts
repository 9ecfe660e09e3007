/**
 * Where /verify goes afterwards: only a path on this site. Anything else (another origin, a
 * protocol-relative `//host`, a backslash that browsers read as a slash) falls back to /dashboard,
 * so a crafted link cannot send someone elsewhere after they prove their identity.
 */
export function safeNext(raw: string | null | undefined, fallback = '/dashboard'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a `//`.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(raw, 'https://carerelay.invalid');
    if (url.origin !== 'https://carerelay.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The /verify link that returns to `next` afterwards (slashes left readable; they are valid in a query). */
export function verifyPath(next: string): string {
  return `/verify?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}

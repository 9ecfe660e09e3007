import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret that is a link by itself (a calendar feed URL): 32 random bytes, base64url. Only its
 * hash is stored; the link is shown once.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of a link token. A plain SHA-256, not a slow password hash: the token carries
 * 256 random bits, so there is nothing to guess, and a lookup must be one indexed equality.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What a link token looks like, so a malformed one is refused before any query. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

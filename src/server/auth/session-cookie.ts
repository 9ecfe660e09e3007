import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * better-auth's signed cookies, read without building a better-auth request context (which costs
 * more than the database lookup behind it). better-auth stays the only writer: it signs these
 * cookies with better-call's `setSignedCookie` — `encodeURIComponent(value + '.' +
 * base64(HMAC-SHA256(secret, value)))` — and this module mirrors its `getSignedCookie`.
 */

/**
 * The value of cookie `name` in a Cookie header, read as better-call reads it: the first cookie of
 * that name wins, surrounding quotes are dropped, and the value is URI-decoded when it can be.
 */
export function readCookie(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return null;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      // A pair without '=' (e.g. "flag; a=b"): start again after its ';'.
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
      return decode(value);
    }
    index = end + 1;
  }
  return null;
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The value of a signed cookie (`value.signature`) when its signature is ours, else null. The
 * signature is compared in constant time, as the canonical base64 better-call writes.
 */
export function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}

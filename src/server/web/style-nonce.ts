import { randomFillSync } from 'node:crypto';

/**
 * A per-response nonce for the one inline <style> the web app needs: Radix's scroll lock
 * (react-remove-scroll) injects a stylesheet whose text depends on the measured scrollbar width, so
 * no fixed hash can allow it, and 'unsafe-inline' would allow every injected style. Only a page of
 * the web app has a use for it: sendPage (html-response.ts) takes a fresh one, puts it into that
 * response's CSP header (security-headers.ts) and into the page, where the web app hands it to
 * react-remove-scroll. Other responses' CSP allows no inline style at all.
 */

/**
 * Where the nonce goes in the CSP's style-src, as configured in app.ts. The header is built once
 * with this text in it and split around it (security-headers.ts); no response is sent with it.
 */
export const styleNonceSource = "'nonce-style-nonce-slot'";

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once: one call into the CSPRNG instead of one a response. */
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/** A fresh nonce: 16 bytes from the CSPRNG, never handed out twice, in base64. */
export function newStyleNonce(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const nonce = pool.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

/**
 * A page split once just before its closing </body>, where each response's nonce goes
 * (styleNonceMeta): the end of the page, so everything before it is the same in every response and
 * is compressed once (html-response.ts). The web app reads the nonce from a module script, which
 * runs only once the whole document is parsed, so the meta is there by then.
 */
export function splitForNonce(html: string): { before: string; after: string } | undefined {
  const at = html.lastIndexOf('</body>');
  if (at < 0) return undefined;
  return { before: html.slice(0, at), after: html.slice(at) };
}

/**
 * The meta element that carries the nonce to the web app, read at start-up; it goes just before
 * </body>. The nonce is in the `nonce` attribute, not `content`, because browsers hide a nonce
 * attribute from the DOM and from CSS selectors, so injected markup cannot read it back.
 */
export function styleNonceMeta(nonce: string): string {
  return `<meta property="csp-nonce" nonce="${nonce}" />`;
}

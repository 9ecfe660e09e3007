import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A per-response nonce for the one inline <style> the web app needs: Radix's scroll lock
 * (react-remove-scroll) injects a stylesheet whose text depends on the measured scrollbar width, so
 * no fixed hash can allow it, and 'unsafe-inline' would allow every injected style. The nonce goes
 * into the CSP header (as a helmet directive function, called once per response) and into the
 * index.html of that same response, where the web app hands it to react-remove-scroll.
 */
const nonces = new WeakMap<ServerResponse, string>();

export function styleNonceSource(_request: IncomingMessage, response: ServerResponse): string {
  const nonce = randomBytes(16).toString('base64');
  nonces.set(response, nonce);
  return `'nonce-${nonce}'`;
}

/** The nonce the CSP header of this response allows, if the header was built for it. */
export function styleNonceOf(response: ServerResponse): string | undefined {
  return nonces.get(response);
}

/** A page split once at the opening of its <head>, where each response's nonce goes (styleNonceMeta). */
export function splitAtHead(html: string): { head: string; rest: string } | undefined {
  const at = html.indexOf('<head>');
  if (at < 0) return undefined;
  const end = at + '<head>'.length;
  return { head: html.slice(0, end), rest: html.slice(end) };
}

/**
 * The meta element that carries the nonce to the web app, read at start-up; it goes just after
 * <head>. The nonce is in the `nonce` attribute, not `content`, because browsers hide a nonce
 * attribute from the DOM and from CSS selectors, so injected markup cannot read it back.
 */
export function styleNonceMeta(nonce: string): string {
  return `<meta property="csp-nonce" nonce="${nonce}" />`;
}

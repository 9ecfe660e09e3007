import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { styleNonceSource } from '../web/style-nonce';

declare module 'fastify' {
  interface FastifyReply {
    /** Makes this response's Content-Security-Policy allow inline styles carrying this nonce (a page of the web app). */
    allowStyleNonce(nonce: string): FastifyReply;
  }
}

/**
 * Helmet's security headers on every response. Their text does not change while the app runs, so
 * helmet is run once, here, and each response is given the headers it wrote (running helmet per
 * response, as @fastify/helmet does, parses every CSP directive each time: about a sixth of a
 * public endpoint's time).
 *
 * The CSP's style-src may name `styleNonceSource` (style-nonce.ts): the header is split around it.
 * A response is sent the policy without it, so it allows no inline style; a page of the web app,
 * which needs one, calls `reply.allowStyleNonce(nonce)` for a policy naming its own nonce there.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = headersOf(options);
  const policy = headers.get('content-security-policy');
  const slot = policy?.indexOf(styleNonceSource) ?? -1;
  // The policy without the slot (and the space before it), and the two sides of it.
  const before = slot < 0 ? '' : policy!.slice(0, slot);
  const after = slot < 0 ? '' : policy!.slice(slot + styleNonceSource.length);
  if (slot >= 0) headers.set('content-security-policy', before.replace(/ $/, '') + after);
  const fixed = Object.fromEntries(headers);

  app.decorateReply('allowStyleNonce', function allowStyleNonce(this: FastifyReply, nonce: string) {
    if (slot < 0) throw new Error('The Content-Security-Policy has no place for a style nonce (styleNonceSource)');
    return this.header('content-security-policy', `${before}'nonce-${nonce}'${after}`);
  });
  // A callback hook doing no more than copying the headers: no promise, nothing computed.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(fixed);
    done();
  });
}

/** The headers helmet sets for these options, by lower-case name, in its order. */
function headersOf(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  // Helmet calls back synchronously once every header is set (or one of its options is wrong).
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

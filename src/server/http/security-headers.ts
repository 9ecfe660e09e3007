import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response. Helmet's middleware is built once, here:
 * @fastify/helmet builds it again for every response (parsing each CSP directive each time), which
 * cost the public endpoints about a tenth of their time. Per response only what must vary runs: a
 * CSP directive given as a function (the style nonce).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

import type { FastifyInstance } from 'fastify';
import { ANSWERED, type FrameStep } from './request-frame';

/** What a preflight allows: @fastify/cors's defaults, which this replaced with the same answers. */
const PREFLIGHT_METHODS = 'GET,HEAD,POST';

/**
 * CORS as an allow-list with credentials, a step of the request frame whose answers are fixed at start-up.
 * @fastify/cors, which it replaces, merged its options and resolved the origin through callbacks
 * on every request; a public endpoint paid for that on each answer.
 *
 * - An allowed origin gets `Access-Control-Allow-Origin` (its own) and `-Credentials: true`; any
 *   other gets neither, so a browser lets it read nothing (the credentials header alone allows nothing).
 * - Every answer varies by Origin, so a shared cache never hands one origin what another was given.
 * - An OPTIONS request is a preflight, answered here, before authentication (a browser sends a
 *   preflight without cookies or tokens): 204 with the methods and the headers asked for; one
 *   without Origin or Access-Control-Request-Method is not a preflight, and is refused.
 *
 * It is the first to set Vary (others add to it: accept-encoding.ts). A preflight needs a route to
 * reach the frame: registerPreflightRoute.
 */
export function cors(allowedOrigins: readonly string[]): FrameStep {
  const allowed = new Set(allowedOrigins);
  return (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin !== undefined && allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
    }
    if (request.method !== 'OPTIONS') return undefined;
    if (origin === undefined || request.headers['access-control-request-method'] === undefined) {
      reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return ANSWERED;
    }
    reply.header('vary', 'Origin, Access-Control-Request-Headers').header('access-control-allow-methods', PREFLIGHT_METHODS);
    const requestedHeaders = request.headers['access-control-request-headers'];
    if (requestedHeaders !== undefined) reply.header('access-control-allow-headers', requestedHeaders);
    // Safari waits for a body on a 204 without Content-Length: 0.
    reply.code(204).header('content-length', '0').send();
    return ANSWERED;
  };
}

/** Gives every path an OPTIONS route, for the cors step to answer (the handler is never reached). */
export function registerPreflightRoute(app: FastifyInstance): void {
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}

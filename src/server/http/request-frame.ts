import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../errors';

/** What a step returns when it has answered the request itself (a CORS preflight). */
export const ANSWERED = Symbol('answered');

/**
 * One thing every request goes through before its route: it may set headers on the reply, refuse
 * the request (an AppError, answered by the error handler), or answer it itself (ANSWERED).
 */
export type FrameStep = (request: FastifyRequest, reply: FastifyReply) => AppError | typeof ANSWERED | undefined;

/**
 * The request frame: the steps every request goes through first (its security headers, CORS, the
 * CSRF check, the body's deadline), run in order in one onRequest hook. One hook rather than one
 * each because each hook Fastify runs costs a request about as much as the cheap checks themselves:
 * without four of them, `GET /api/site` measured about 4.5 % faster (2026-12-03).
 */
export function registerRequestFrame(app: FastifyInstance, steps: readonly FrameStep[]): void {
  // A callback hook: no promise per request for what is, on most, a few header copies.
  app.addHook('onRequest', (request, reply, done) => {
    for (const step of steps) {
      const outcome = step(request, reply);
      if (outcome === ANSWERED) return;
      if (outcome) return done(outcome);
    }
    done();
  });
}

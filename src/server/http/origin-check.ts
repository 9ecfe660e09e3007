import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a state-changing request that carries cookies must come from
 * an allowed origin (Origin header, or Referer when a browser omits Origin). Requests without
 * cookies (API clients with bearer tokens, anonymous forms) carry no ambient authority to abuse.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  // A callback hook: a GET leaves it at the first test, without the promise an async hook costs.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.headers.cookie) return done();
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (!origin || !allowed.has(origin)) {
      return done(new AppError('FORBIDDEN', 'This request came from a page that is not allowed to make it.'));
    }
    done();
  });
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

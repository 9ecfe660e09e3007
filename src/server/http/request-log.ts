import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when its response is sent: method, path, address (the `req`
 * serializer of log-safety.ts), status and time taken. It replaces Fastify's two lines (one as the
 * request comes in, one as it ends), each a JSON serialization on the hot path; a request that
 * fails also has its "request failed" line from the error handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

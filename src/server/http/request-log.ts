import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when its response is sent: method, path, address (the `req`
 * serializer of log-safety.ts), status and time taken. It replaces Fastify's two lines (one as the
 * request comes in, one as it ends), each a JSON serialization on the hot path; a request that
 * fails also has its "request failed" line from the error handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const log = app.log;
  app.addHook('onResponse', (request, reply, done) => {
    // Through the app logger, with the id request.log would have bound: a request that logs nothing
    // else then never has its own child logger made (request-logger.ts).
    log.info({ reqId: request.id, req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * Cuts off a client that takes longer than `seconds` to send its whole request. Node's own
 * requestTimeout stops counting once the headers are in, so a body sent a byte every few seconds
 * would hold its connection, and what was read of it, for as long as the client liked.
 */
export function registerRequestDeadline(app: FastifyInstance, seconds: number) {
  // A callback hook, not an async one: most requests leave it at its first line, and a promise per
  // request would cost more than the check.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    // Without either header an HTTP/1.1 request has no body (RFC 9112 §6.3): its headers were the
    // whole of it, so most requests (GETs) need no timer.
    if (raw.complete || (raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined)) return done();
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      // As Node answers a request that timed out before its headers were in: 408, then close.
      raw.socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      raw.socket.destroySoon();
    }, seconds * 1000);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}

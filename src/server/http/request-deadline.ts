import type { FrameStep } from './request-frame';

/**
 * Cuts off a client that takes longer than `seconds` to send its whole request. Node's own
 * requestTimeout stops counting once the headers are in, so a body sent a byte every few seconds
 * would hold its connection, and what was read of it, for as long as the client liked.
 */
export function requestDeadline(seconds: number): FrameStep {
  return (request) => {
    const raw = request.raw;
    // Without either header an HTTP/1.1 request has no body (RFC 9112 §6.3): its headers were the
    // whole of it, so most requests (GETs) need no timer.
    if (raw.complete || (raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined)) return undefined;
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
    return undefined;
  };
}

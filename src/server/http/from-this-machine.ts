import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * From this machine only: the socket's own address, which no client can write, and the client's
 * address too when a trusted proxy forwarded the request (a tunnel to a development server is not
 * this machine). What the development-only routes (the mailbox, "Sign in as") answer.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

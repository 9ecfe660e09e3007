import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log records it. */
export interface RequestClient {
  /** Null when the platform acts on its own (a job such as the documentation sweep). */
  ipAddress: string | null;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): RequestClient {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

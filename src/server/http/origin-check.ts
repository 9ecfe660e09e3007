import { AppError } from '../errors';
import type { FrameStep } from './request-frame';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a state-changing request that carries cookies must come from
 * an allowed origin (Origin header, or Referer when a browser omits Origin). Requests without
 * cookies (API clients with bearer tokens, anonymous forms) carry no ambient authority to abuse.
 */
export function originCheck(allowedOrigins: readonly string[]): FrameStep {
  const allowed = new Set(allowedOrigins);
  return (request) => {
    // A GET leaves at the first test.
    if (!STATE_CHANGING.has(request.method) || !request.headers.cookie) return undefined;
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (!origin || !allowed.has(origin)) return new AppError('FORBIDDEN', 'This request came from a page that is not allowed to make it.');
    return undefined;
  };
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

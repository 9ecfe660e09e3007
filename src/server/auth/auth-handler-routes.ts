import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '../../domain/auth';
import type { ErrorBody, ErrorCode } from '../http/errors';
import type { RoutesPlugin } from '../http/plugin';
import { CLIENT_IP_HEADER } from './auth';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';

/** better-auth's error codes that the web app shows with our own words. */
const translated: Record<string, { code: ErrorCode | 'INVALID_CREDENTIALS' | 'INVALID_TOKEN'; message: string; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: authMessages.invalidCredentials },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', message: 'Invalid reset link. Please request a new password reset.' },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION', message: 'Password must be at least 6 characters', field: 'newPassword' },
  PASSWORD_TOO_COMMON: { code: 'VALIDATION', message: COMMON_PASSWORD_MESSAGE, field: 'newPassword' },
};

function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = fromNodeHeaders(request.headers);
  // The client address comes from Fastify (which honours TRUST_PROXY), never from the caller.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

async function sendFetchResponse(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.ok || !text) return reply.send(text || null);

  // better-auth answers errors as { code, message }; the API's contract is { error: { code, message } }.
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: keep the status, use a generic message
  }
  const known = body.code ? translated[body.code] : undefined;
  const code = known?.code ?? (response.status === 429 ? 'RATE_LIMITED' : (body.code ?? 'AUTH_ERROR'));
  const message =
    known?.message ?? (response.status === 429 ? 'Too many attempts. Please wait a minute and try again.' : (body.message ?? 'Request refused'));
  const error: ErrorBody['error'] = { code: code as ErrorCode, message };
  if (known?.field) error.fields = { [known.field]: message };
  return reply.type('application/json').send({ error });
}

/** Mounts better-auth's endpoints under /api/auth. */
export const authHandlerRoutes: RoutesPlugin = async (app, { auth, config }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => sendFetchResponse(await auth.handler(toFetchRequest(request, config.publicUrl)), reply),
  });
};

import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '../../domain/auth';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../errors';
import type { ErrorBody } from '../http/errors';
import type { RoutesPlugin } from '../http/plugin';
import { CLIENT_IP_HEADER } from './auth';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';
import { requireActor } from './session';
import { guardedSignIn, slowedMessage, unlockCookie, type SignInGuardDeps } from './sign-in-guard';

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

/**
 * better-auth's endpoints a session may use before it has passed its second factor: signing in
 * and out, resetting a forgotten password by mailed token, a provider's return, and the public
 * keys. Every other one (change password, update user, list or revoke sessions, …) manages the
 * account and needs aal2 once the user has a factor.
 */
const BELOW_AAL2 = new Set(['/sign-in/email', '/sign-in/social', '/sign-out', '/get-session', '/request-password-reset', '/reset-password', '/jwks', '/token', '/ok', '/error']);
const BELOW_AAL2_PREFIXES = ['/callback/', '/reset-password/'];

function authPath(request: FastifyRequest): string {
  return new URL(request.url, 'http://localhost').pathname.replace(/^\/api\/auth/, '');
}

function allowedBelowAal2(path: string): boolean {
  return BELOW_AAL2.has(path) || BELOW_AAL2_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * A session token is a bearer credential that the httpOnly cookie keeps away from scripts; better-auth
 * also puts it in bodies (sign-in, get-session, list-sessions lists every session's). No body
 * carries one; `/token` answers an API token (a JWT), which is what that endpoint is for.
 */
function withoutSessionTokens(path: string, text: string, contentType: string | null): string {
  if (path === '/token' || !contentType?.includes('application/json')) return text;
  try {
    return JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === 'token' ? undefined : value)));
  } catch {
    return text;
  }
}

async function sendFetchResponse(response: Response, reply: FastifyReply, path: string, extraCookies: string[] = []) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.ok || !text) return reply.send(text ? withoutSessionTokens(path, text, response.headers.get('content-type')) : null);

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

/** Mounts better-auth's endpoints under /api/auth, with our per-account sign-in limit. */
export const authHandlerRoutes: RoutesPlugin = async (app, deps) => {
  const { auth, config } = deps;
  const guard: SignInGuardDeps = { database: deps.database, jobs: deps.jobs, secret: deps.secrets.appSecret, publicUrl: config.publicUrl };

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = authPath(request);
      // Throws MFA_REQUIRED for a session below the level its user can reach.
      if (!allowedBelowAal2(path)) await requireActor(request, deps);
      const forward = () => auth.handler(toFetchRequest(request, config.publicUrl));
      if (path !== '/sign-in/email' || request.method !== 'POST') return sendFetchResponse(await forward(), reply, path);
      const signedIn = await guardedSignIn(guard, request, forward);
      if ('slowedForSeconds' in signedIn) {
        reply.header('retry-after', String(signedIn.slowedForSeconds));
        throw new AppError('RATE_LIMITED', slowedMessage(signedIn.slowedForSeconds));
      }
      return sendFetchResponse(signedIn.response, reply, path, signedIn.cookies);
    },
  });

  app.get(
    '/auth/unlock-sign-in',
    { schema: { hide: true, querystring: z.object({ token: z.string().max(200, { error: 'Invalid unlock link' }) }) } },
    async (request, reply) => {
      const cookie = unlockCookie(guard, request.query.token);
      if (!cookie) {
        const message = 'This unlock link is invalid or has expired. Wait for the time shown when signing in, or reset your password.';
        throw new AppError('VALIDATION', message, { token: message });
      }
      return reply.header('set-cookie', cookie).redirect('/', 303);
    },
  );
};

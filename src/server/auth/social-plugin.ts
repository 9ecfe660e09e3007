import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { writeAudit } from '../audit/write-audit';
import type { Database } from '../db/client';

/**
 * Our rules around better-auth's social sign-in:
 * - Only the redirect flow (authorization code with PKCE, state and nonce). better-auth also signs
 *   in anyone who POSTs a provider's ID token to /sign-in/social; such a token (leaked, or issued
 *   for another session) would skip PKCE and state, so that path is refused.
 * - Audit rows: the flow ends in GET /callback/:id (a redirect either way), so success is a new
 *   session and failure is the error code better-auth puts on its redirect.
 */
export function socialSignInRules(options: { database: Database; clientIpHeader: string }): BetterAuthPlugin {
  return {
    id: 'carerelay-social-sign-in',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/social' || ctx.path === '/link-social',
          handler: createAuthMiddleware(async (ctx) => {
            if ((ctx.body as { idToken?: unknown } | undefined)?.idToken !== undefined) {
              throw new APIError('BAD_REQUEST', { code: 'ID_TOKEN_SIGN_IN_DISABLED', message: 'Sign in through the provider’s page.' });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/callback/:id',
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            const provider = String(ctx.params?.id ?? '');
            const location = ctx.context.responseHeaders?.get('location') ?? '';
            const error = signedIn ? undefined : (new URL(location, 'http://x').searchParams.get('error') ?? 'unknown');
            await writeAudit(options.database.db, {
              actorUserId: signedIn?.user.id ?? null,
              action: 'auth.sign_in',
              entityType: 'user',
              entityId: signedIn?.user.id,
              outcome: signedIn ? 'success' : 'failure',
              ipAddress: ctx.request?.headers.get(options.clientIpHeader),
              userAgent: ctx.request?.headers.get('user-agent'),
              details: signedIn ? { method: 'social', provider } : { method: 'social', provider, error },
            });
          }),
        },
      ],
    },
  };
}

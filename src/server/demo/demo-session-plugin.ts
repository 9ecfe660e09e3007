import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * "Sign in as" for the demo (development only): a session opened by better-auth itself — its
 * adapter writes the session row and its cookie helper signs the cookie — exactly as a password
 * sign-in would leave it, at the assurance level the caller says the person's factor gives. The
 * endpoint is server-only: it is never on better-auth's HTTP router, only callable as
 * `auth.api.openDemoSession` by the development route that checks who may use it
 * (demo-sign-in-routes.ts), and it refuses to run at all when `enabled` is false (production).
 */
export function demoSessionPlugin(options: { enabled: boolean }) {
  return {
    id: 'carerelay-demo-session',
    endpoints: {
      openDemoSession: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1), aal: z.enum(['aal1', 'aal2']) }) },
        async (ctx) => {
          if (!options.enabled) throw new APIError('NOT_FOUND');
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND');
          // overrideAll: better-auth would otherwise put its default (aal1) over the level given.
          const session = await ctx.context.internalAdapter.createSession(user.id, false, { aal: ctx.body.aal }, true);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

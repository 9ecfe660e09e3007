import { fromNodeHeaders } from 'better-auth/node';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AccountStatus, UserType } from '../../domain/accounts';
import type { Database } from '../db/client';
import { mfaFactors, session as sessions, user as users, useraccounts } from '../db/schema/index';
import { AppError } from '../http/errors';
import { SESSION_ABSOLUTE_SECONDS, type Auth } from './auth';
import type { BearerVerifier } from './bearer';

/** Set by the web app on polling requests: they must not keep an idle session alive. */
export const BACKGROUND_HEADER = 'x-carerelay-background';

export interface Actor {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  sessionCreatedAt: Date;
  /** aal2 once a second factor has been verified in this session. */
  aal: 'aal1' | 'aal2';
  /** The level this user can reach: aal2 when they have a verified factor. */
  nextLevel: 'aal1' | 'aal2';
  /** Null until the user has an account record (e.g. right after social sign-in). */
  account: { userType: UserType; status: AccountStatus } | null;
}

interface ActorDeps {
  auth: Auth;
  database: Database;
  bearer: BearerVerifier;
}

/**
 * The signed-in user of a request, or null: from the session cookie (enforcing the 12-hour
 * absolute lifetime) or, for API clients without cookies, from an `Authorization: Bearer` token.
 */
export async function getActor(
  request: FastifyRequest,
  deps: ActorDeps,
  options: { background?: boolean } = {},
): Promise<Actor | null> {
  const authorization = request.headers.authorization;
  if (!request.headers.cookie && authorization?.startsWith('Bearer ')) return actorFromToken(authorization.slice(7).trim(), deps);
  const background = options.background ?? request.headers[BACKGROUND_HEADER] === '1';
  const result = await deps.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    query: background ? { disableRefresh: true } : undefined,
  });
  if (!result) return null;
  const { session, user } = result;
  if (Date.now() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000) {
    await deps.database.db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  const { account, nextLevel } = await accountAndLevel(deps.database, user.id);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    sessionId: session.id,
    sessionCreatedAt: new Date(session.createdAt),
    aal: (session as { aal?: string }).aal === 'aal2' ? 'aal2' : 'aal1',
    nextLevel,
    account,
  };
}

async function actorFromToken(token: string, deps: ActorDeps): Promise<Actor> {
  // A bad token is an error the client should read (which check failed), not an anonymous request.
  const claims = await deps.bearer.verify(token);
  const [user] = await deps.database.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, claims.sub));
  if (!user) throw new AppError('UNAUTHENTICATED', 'The user of this token no longer exists.');
  const { account, nextLevel } = await accountAndLevel(deps.database, claims.sub);
  return {
    userId: claims.sub,
    email: user.email,
    name: user.name,
    // Tokens are not sessions: factor challenges, which are bound to a session, need the cookie.
    sessionId: `token:${claims.jti ?? claims.iat ?? ''}`,
    sessionCreatedAt: new Date((claims.iat ?? 0) * 1000),
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    nextLevel,
    account,
  };
}

async function accountAndLevel(database: Database, userId: string) {
  const [[account], [factor]] = await Promise.all([
    database.db
      .select({ userType: useraccounts.userType, status: useraccounts.status })
      .from(useraccounts)
      .where(eq(useraccounts.userId, userId)),
    database.db
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
      .limit(1),
  ]);
  return { account: account ?? null, nextLevel: (factor ? 'aal2' : 'aal1') as Actor['nextLevel'] };
}

/**
 * The signed-in actor, or 401. A user who has a second factor must have passed it in this session
 * (aal2) for anything but `allowAal1` routes (their own status and the factor challenge itself),
 * however they signed in: password or social provider.
 */
export async function requireActor(
  request: FastifyRequest,
  deps: ActorDeps,
  options: { allowAal1?: boolean; background?: boolean } = {},
): Promise<Actor> {
  const actor = await getActor(request, deps, { background: options.background });
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (!options.allowAal1 && actor.nextLevel === 'aal2' && actor.aal !== 'aal2') {
    throw new AppError('MFA_REQUIRED', 'Enter a code from your second factor to continue.');
  }
  return actor;
}

import type { FastifyRequest } from 'fastify';
import type { AccountStatus, UserType } from '../../domain/accounts';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { SESSION_ABSOLUTE_SECONDS, type Auth } from './auth';
import type { BearerVerifier } from './bearer';
import { readCookie, verifySignedValue } from './session-cookie';

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
  /**
   * The IANA zone the user chose, or null until they choose one (or have no account record). Read
   * with the rest, so GET /api/me answers from the one statement.
   */
  timeZone: string | null;
}

interface ActorDeps {
  auth: Auth;
  database: Database;
  bearer: BearerVerifier;
}

/** What the session lookup needs from better-auth's configuration, read once per auth instance. */
interface SessionSettings {
  secret: string;
  sessionCookie: string;
  dontRememberCookie: string;
  expiresInMs: number;
  updateAgeMs: number;
  refresh(token: string, expiresAt: Date): Promise<boolean>;
  remove(token: string): Promise<void>;
}

const settingsOf = new WeakMap<Auth, Promise<SessionSettings>>();

function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      secret: context.secret,
      sessionCookie: context.authCookies.sessionToken.name,
      dontRememberCookie: context.authCookies.dontRememberToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
      // Writes stay better-auth's: the same calls its get-session endpoint makes.
      refresh: async (token, expiresAt) => (await context.internalAdapter.updateSession(token, { expiresAt, updatedAt: new Date() })) !== null,
      remove: (token) => context.internalAdapter.deleteSession(token),
    }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

/**
 * Everything a request's actor is made of, in one statement (one round trip, planned once per
 * connection): the session, its user, their account record and whether they have a verified
 * factor. Nothing is cached between requests, so a sign-out, a revoked session, a changed account
 * status, a session raised to aal2 or a removed factor — written by any instance — counts from the
 * very next request. (A cache invalidated over NOTIFY would still serve a request that arrives in
 * the moment between the commit and the notification; one indexed read is the price of "next".)
 */
const SESSION_ACTOR_SQL = `
  select s.id as session_id, s.user_id, s.created_at, s.expires_at, s.aal, u.email, u.name, a.user_type, a.status, a.time_zone,
         exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as has_factor
  from session s
  join "user" u on u.id = s.user_id
  left join useraccounts a on a.user_id = s.user_id
  where s.token = $1`;

/**
 * The same for a bearer token, by the session it was issued in (`sid`): a token lives no longer
 * than its session, so sign-out, a password reset or a revoked session end it at once. The user
 * is matched too, so a token never reaches into another user's session.
 */
const TOKEN_ACTOR_SQL = `
  select s.id as session_id, s.user_id, s.created_at, s.expires_at, s.aal, u.email, u.name, a.user_type, a.status, a.time_zone,
         exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as has_factor
  from session s
  join "user" u on u.id = s.user_id
  left join useraccounts a on a.user_id = s.user_id
  where s.id = $1 and s.user_id = $2`;

interface UserRow {
  email: string;
  name: string;
  user_type: UserType | null;
  status: AccountStatus | null;
  time_zone: string | null;
  has_factor: boolean;
}

interface SessionRow extends UserRow {
  session_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  aal: string;
}

async function queryOne<T>(database: Database, name: string, text: string, values: string[]): Promise<T | undefined> {
  const result = await database.pool.query<T & Record<string, unknown>>({ name, text, values });
  return result.rows[0];
}

/** Past its idle expiry or its 12-hour absolute lifetime. */
function hasEnded(row: SessionRow, now: number): boolean {
  return row.expires_at.getTime() < now || now - row.created_at.getTime() > SESSION_ABSOLUTE_SECONDS * 1000;
}

function accountOf(row: UserRow): Pick<Actor, 'account' | 'nextLevel' | 'timeZone'> {
  return {
    account: row.user_type && row.status ? { userType: row.user_type, status: row.status } : null,
    timeZone: row.time_zone,
    nextLevel: row.has_factor ? 'aal2' : 'aal1',
  };
}

/**
 * The signed-in user of a request, or null: from the session cookie (enforcing the 12-hour
 * absolute lifetime) or, for API clients without cookies, from an `Authorization: Bearer` token.
 *
 * The cookie is read as better-auth's get-session reads it (signed token, session row unexpired,
 * sliding idle expiry refreshed once per `updateAge` unless the request is background polling or
 * the user chose not to be remembered), without building a better-auth request for it.
 */
export async function getActor(
  request: FastifyRequest,
  deps: ActorDeps,
  options: { background?: boolean } = {},
): Promise<Actor | null> {
  const cookies = request.headers.cookie;
  const authorization = request.headers.authorization;
  if (!cookies && authorization?.startsWith('Bearer ')) return actorFromToken(authorization.slice(7).trim(), deps);
  if (!cookies) return null;
  const settings = await sessionSettings(deps.auth);
  const signed = readCookie(cookies, settings.sessionCookie);
  const token = signed ? verifySignedValue(signed, settings.secret) : null;
  if (!token) return null;

  const row = await queryOne<SessionRow>(deps.database, 'carerelay-session-actor', SESSION_ACTOR_SQL, [token]);
  if (!row) return null;
  const now = Date.now();
  if (hasEnded(row, now)) {
    await settings.remove(token);
    return null;
  }
  const background = options.background ?? request.headers[BACKGROUND_HEADER] === '1';
  if (!background && row.expires_at.getTime() - settings.expiresInMs + settings.updateAgeMs <= now && !remembersNot(cookies, settings)) {
    // Gone between the read and the write (signed out meanwhile): not signed in.
    if (!(await settings.refresh(token, new Date(now + settings.expiresInMs)))) return null;
  }
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    sessionId: row.session_id,
    sessionCreatedAt: row.created_at,
    aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
    ...accountOf(row),
  };
}

/** better-auth's "don't remember me" cookie: such a session is never extended. */
function remembersNot(cookies: string, settings: SessionSettings): boolean {
  const signed = readCookie(cookies, settings.dontRememberCookie);
  return signed !== null && verifySignedValue(signed, settings.secret) !== null;
}

async function actorFromToken(token: string, deps: ActorDeps): Promise<Actor> {
  // A bad token is an error the client should read (which check failed), not an anonymous request.
  const claims = await deps.bearer.verify(token);
  const row = await queryOne<SessionRow>(deps.database, 'carerelay-token-actor', TOKEN_ACTOR_SQL, [claims.sid, claims.sub]);
  // Signed out, reset, revoked, idle, past 12 hours or the user deleted: one answer, as for a cookie.
  if (!row || hasEnded(row, Date.now())) {
    throw new AppError('UNAUTHENTICATED', 'The session this token was issued in has ended. Sign in again for a new token.');
  }
  const aal = claims.aal === 'aal2' ? 'aal2' : 'aal1';
  // The session's level now, not the one at issue, is the ceiling of what its token may do.
  if (aal === 'aal2' && row.aal !== 'aal2') throw new AppError('UNAUTHENTICATED', 'Token aal is not accepted');
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    // Not the session's own id: factor challenges, which raise a session to aal2, need the cookie.
    sessionId: `token:${claims.sid}`,
    sessionCreatedAt: row.created_at,
    aal,
    ...accountOf(row),
  };
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

import { SESSION_ABSOLUTE_SECONDS } from './auth';
import type { Actor } from './session';

/**
 * For long-lived work done on behalf of one session (a notification stream): the session row the
 * actor was found by, and the SQL that says whether it still stands. A cookie session is its own
 * row; an API token is bound to the session it was issued in (its `sid`). Checked in the caller's
 * own statement, so thousands of streams are checked in a few batched reads rather than one
 * lookup each.
 */
export function sessionIdOf(actor: Actor): string {
  return actor.sessionId.startsWith('token:') ? actor.sessionId.slice('token:'.length) : actor.sessionId;
}

/**
 * The join condition under which session row `alias` is the given session of the given user and
 * still stands: not signed out (the row exists), before its idle expiry and within the absolute
 * lifetime — the conditions `getActor` applies.
 */
export function liveSessionCondition(alias: string, sessionIdSql: string, userIdSql: string): string {
  return `${alias}.id = ${sessionIdSql} and ${alias}.user_id = ${userIdSql} and ${alias}.expires_at > now()
    and ${alias}.created_at > now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`;
}

/**
 * When session row `alias` stops standing if nothing changes it: its idle expiry or the end of its
 * absolute lifetime, whichever comes first. Signing out, or any change that shortens it, is
 * announced instead (migration 0041), so a stream may trust this until then.
 */
export function liveSessionUntil(alias: string): string {
  return `least(${alias}.expires_at, ${alias}.created_at + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS}))`;
}

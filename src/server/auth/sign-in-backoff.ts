import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { readCookie } from './session-cookie';

/**
 * A per-account limit on wrong passwords, next to better-auth's per-address one: an attacker with
 * many addresses is slowed too. After FREE_FAILURES in a row, each attempt waits twice as long as
 * the one before (up to LONGEST_WAIT_SECONDS). The owner is never held back on a device that has
 * signed in to the account before, or that opened the unlock link mailed to them.
 */
export const FREE_FAILURES = 5;
const FIRST_WAIT_SECONDS = 60;
const LONGEST_WAIT_SECONDS = 15 * 60;
/** Failures older than this are forgotten. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;
const KNOWN_DEVICE_SECONDS = 180 * 24 * 60 * 60;
export const UNLOCK_LINK_SECONDS = 60 * 60;
/** Known-device cookies are sent to the sign-in endpoint only. */
export const KNOWN_DEVICE_COOKIE_PATH = '/api/auth/sign-in';

const sign = (secret: string, purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The account an address names, as a keyed hash: the counters table and the cookies never hold
 * the address itself, and an address without an account is counted like any other (the answer
 * tells nobody whether it exists).
 */
export function accountKey(secret: string, email: string): string {
  return sign(secret, 'sign-in-account', email.trim().toLowerCase()).slice(0, 32);
}

const failuresKey = (account: string) => `sign-in-failures|${account}`;
const unlockMailKey = (account: string) => `sign-in-unlock-mail|${account}`;

/** The wait, in milliseconds, after `count` failures in a row (SQL, evaluated on the stored row). */
const waitAfter = (count: ReturnType<typeof sql>) =>
  sql`(LEAST(${FIRST_WAIT_SECONDS * 1000}::bigint * power(2, LEAST(GREATEST(${count} - ${FREE_FAILURES}, 0), 20))::bigint, ${LONGEST_WAIT_SECONDS * 1000}))`;

export function waitSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 20), LONGEST_WAIT_SECONDS);
}

export type Claim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts an attempt before the password is checked, in one conditional write: concurrent attempts
 * cannot all pass the check before any of them is counted. A known device is always let through
 * (and counted). `settleAttempt` then undoes the count for a right password or an unchecked one.
 */
export async function claimAttempt(db: Db, account: string, knownDevice: boolean): Promise<Claim> {
  const key = failuresKey(account);
  const now = Date.now();
  const claimed = await db.execute(sql`
    INSERT INTO rate_limit (id, key, count, last_request) VALUES (${key}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request < ${now - FORGET_AFTER_SECONDS * 1000} THEN 1 ELSE rate_limit.count + 1 END,
      last_request = ${now}
    WHERE ${knownDevice}
      OR rate_limit.count < ${FREE_FAILURES}
      OR rate_limit.last_request + ${waitAfter(sql`rate_limit.count`)} <= ${now}
    RETURNING count`);
  if (claimed.rows.length > 0) return { allowed: true };
  const held = await db.execute<{ count: number; last_request: string }>(sql`SELECT count, last_request FROM rate_limit WHERE key = ${key}`);
  const row = held.rows[0];
  const until = row ? Number(row.last_request) + waitSeconds(Number(row.count)) * 1000 : now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
}

/**
 * Settles a claimed attempt by what better-auth answered. A wrong password stays counted and
 * returns the failures in a row. A right one clears the count, except on a known device while the
 * account is being slowed: the owner's sign-in must not free whoever is guessing. An attempt whose
 * password was not checked (refused for another reason) is not a failure.
 */
export async function settleAttempt(db: Db, account: string, outcome: 'failed' | 'succeeded' | 'unchecked', knownDevice: boolean): Promise<number> {
  const key = failuresKey(account);
  if (outcome === 'succeeded' && !knownDevice) {
    await db.execute(sql`DELETE FROM rate_limit WHERE key = ${key}`);
    return 0;
  }
  if (outcome === 'failed') {
    const row = await db.execute<{ count: number }>(sql`SELECT count FROM rate_limit WHERE key = ${key}`);
    return Number(row.rows[0]?.count ?? 0);
  }
  await db.execute(sql`UPDATE rate_limit SET count = count - 1 WHERE key = ${key}`);
  await db.execute(sql`DELETE FROM rate_limit WHERE key = ${key} AND count <= 0`);
  if (outcome === 'succeeded') await db.execute(sql`DELETE FROM rate_limit WHERE key = ${key} AND count < ${FREE_FAILURES}`);
  return 0;
}

/**
 * True once per wait period of a slowed account (`failures` in a row so far): the caller then
 * mails the owner an unlock link. A mail older than the wait that has just ended belongs to an
 * earlier period.
 */
export async function claimUnlockMail(db: Db, account: string, failures: number): Promise<boolean> {
  const key = unlockMailKey(account);
  const now = Date.now();
  const since = now - Math.max(waitSeconds(failures - 1), FIRST_WAIT_SECONDS) * 1000;
  const claimed = await db.execute(sql`
    INSERT INTO rate_limit (id, key, count, last_request) VALUES (${key}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET count = rate_limit.count + 1, last_request = ${now}
    WHERE rate_limit.last_request <= ${since}
    RETURNING count`);
  return claimed.rows.length > 0;
}

/** The cookie that marks this browser as one the account has signed in from. */
export function knownDeviceCookieName(account: string): string {
  return `carerelay.known_device_${account.slice(0, 12)}`;
}

export function knownDeviceCookieValue(secret: string, account: string, now = Date.now()): string {
  const issued = String(Math.floor(now / 1000));
  return `${issued}.${sign(secret, 'known-device', `${account}:${issued}`)}`;
}

export function isKnownDevice(cookieHeader: string | undefined, secret: string, account: string): boolean {
  const value = cookieHeader ? readCookie(cookieHeader, knownDeviceCookieName(account)) : null;
  const [issued, signature] = value?.split('.') ?? [];
  if (!issued || !signature || !/^\d{1,12}$/.test(issued)) return false;
  if (Number(issued) * 1000 + KNOWN_DEVICE_SECONDS * 1000 < Date.now()) return false;
  return sameSignature(signature, sign(secret, 'known-device', `${account}:${issued}`));
}

export function knownDeviceSetCookie(secret: string, account: string, secure: boolean): string {
  const attributes = [`Max-Age=${KNOWN_DEVICE_SECONDS}`, `Path=${KNOWN_DEVICE_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return [`${knownDeviceCookieName(account)}=${knownDeviceCookieValue(secret, account)}`, ...attributes].join('; ');
}

/** A link token naming the account and when it expires, signed: nothing is stored for it. */
export function unlockToken(secret: string, account: string, now = Date.now()): string {
  const expires = String(Math.floor(now / 1000) + UNLOCK_LINK_SECONDS);
  return `${account}.${expires}.${sign(secret, 'unlock-sign-in', `${account}:${expires}`)}`;
}

/** The account an unexpired, untampered unlock token names, or null. */
export function accountOfUnlockToken(secret: string, token: string): string | null {
  const [account, expires, signature, ...rest] = token.split('.');
  if (!account || !expires || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return null;
  if (Number(expires) * 1000 < Date.now()) return null;
  return sameSignature(signature, sign(secret, 'unlock-sign-in', `${account}:${expires}`)) ? account : null;
}

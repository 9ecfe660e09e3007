import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../http/request-client';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { user } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { signInUnlockMail } from './mails';
import {
  accountKey,
  accountOfUnlockToken,
  claimAttempt,
  claimUnlockMail,
  FREE_FAILURES,
  isKnownDevice,
  knownDeviceSetCookie,
  settleAttempt,
  unlockToken,
  waitSeconds,
} from './sign-in-backoff';

export interface SignInGuardDeps {
  database: Database;
  jobs: JobQueue;
  secret: string;
  publicUrl: string;
}

export type GuardedSignIn = { slowedForSeconds: number } | { response: Response; cookies: string[] };

const secureCookies = (deps: SignInGuardDeps) => deps.publicUrl.startsWith('https:');

export function slowedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many wrong passwords for this account. Try again in ${wait}, or open the link we emailed to the account’s address.`;
}

/**
 * Hands a password sign-in to better-auth (`signIn`) through the per-account limit: refused
 * before the password is checked while the account is being slowed (unless this browser is a
 * known device of the account), counted by better-auth's answer afterwards. A success marks the
 * browser as a known device of the account.
 */
export async function guardedSignIn(deps: SignInGuardDeps, request: FastifyRequest, signIn: () => Promise<Response>): Promise<GuardedSignIn> {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  // better-auth refuses such a body itself, without checking any password.
  if (typeof email !== 'string' || email.length > 320) return { response: await signIn(), cookies: [] };
  const db = deps.database.db;
  const account = accountKey(deps.secret, email);
  const knownDevice = isKnownDevice(request.headers.cookie, deps.secret, account);
  const claim = await claimAttempt(db, account, knownDevice);
  if (!claim.allowed) return { slowedForSeconds: claim.retryAfterSeconds };

  let response: Response;
  try {
    response = await signIn();
  } catch (error) {
    await settleAttempt(db, account, 'unchecked', knownDevice);
    throw error;
  }
  // better-auth answers 401 for a wrong password or an unknown address, and nothing else.
  const outcome = response.ok ? 'succeeded' : response.status === 401 ? 'failed' : 'unchecked';
  const failures = await settleAttempt(db, account, outcome, knownDevice);
  if (outcome === 'failed' && failures >= FREE_FAILURES && (await claimUnlockMail(db, account, failures))) {
    await mailUnlockLink(deps, request, account, email, failures);
  }
  return { response, cookies: outcome === 'succeeded' ? [knownDeviceSetCookie(deps.secret, account, secureCookies(deps))] : [] };
}

/** The owner's mail, and an audit row that someone is guessing the account's password. */
async function mailUnlockLink(deps: SignInGuardDeps, request: FastifyRequest, account: string, email: string, failures: number) {
  const [owner] = await deps.database.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) return;
  const mail = signInUnlockMail({ publicUrl: deps.publicUrl, to: owner.email, token: unlockToken(deps.secret, account) });
  await inTransaction(deps.database, async (t) => {
    await queueMail(t, deps.jobs, mail);
    await writeAudit(t.tx, {
      actorUserId: null,
      action: 'auth.sign_in_slowed',
      entityType: 'user',
      entityId: owner.id,
      outcome: 'failure',
      ...clientOf(request),
      details: { failures, waitSeconds: waitSeconds(failures) },
    });
  });
}

/**
 * The mailed link: the browser that opens it becomes a known device of the account, so its owner's
 * right password is not held back. It clears nothing for anyone else: a mail scanner that follows
 * the link, or someone still guessing, stays slowed. Null when the token is bad or expired.
 */
export function unlockCookie(deps: SignInGuardDeps, token: string): string | null {
  const account = accountOfUnlockToken(deps.secret, token);
  return account ? knownDeviceSetCookie(deps.secret, account, secureCookies(deps)) : null;
}

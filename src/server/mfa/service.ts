import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import type { SecretBox } from '../crypto/secret-box';
import { inTransaction, type Database } from '../db/client';
import { mfaBackupCodes, mfaChallenges, mfaFactors, session } from '../db/schema/index';
import { AppError } from '../errors';
import type { RequestClient } from '../http/request-client';
import type { JobQueue } from '../jobs/queue';
import { queueSms } from '../sms/queue-sms';
import type { Caller } from '../use-case';
import { generateTotpSecret, matchTotp, totpUri } from './totp';

export const SMS_CODE_TTL_SECONDS = 10 * 60;
export const MAX_CHALLENGE_ATTEMPTS = 5;
const BACKUP_CODE_COUNT = 10;

export interface MfaDeps {
  database: Database;
  jobs: JobQueue;
  secretBox: SecretBox;
  issuer: string;
  /** False in production without an SMS provider: codes would go nowhere. */
  smsAvailable: boolean;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string) {
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Adding or removing a factor once one is verified needs proof of a factor in this session. */
function requireAal2WhenEnrolled(actor: Actor) {
  if (actor.nextLevel === 'aal2' && actor.aal !== 'aal2') {
    throw new AppError('MFA_REQUIRED', 'Verify with one of your factors before changing them.');
  }
}

async function findOwnFactor(database: Database, actor: Actor, factorId: string) {
  const [factor] = await database.db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, actor.userId)));
  // Another user's factor is indistinguishable from a missing one.
  if (!factor) throw new AppError('NOT_FOUND', 'Factor not found');
  return factor;
}

export async function listFactors({ database }: Pick<MfaDeps, 'database'>, { actor }: { actor: Actor }) {
  const factors = await database.db
    .select({
      id: mfaFactors.id,
      factorType: mfaFactors.factorType,
      friendlyName: mfaFactors.friendlyName,
      status: mfaFactors.status,
      phone: mfaFactors.phone,
      createdAt: mfaFactors.createdAt,
    })
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, actor.userId))
    .orderBy(mfaFactors.createdAt);
  const unusedBackupCodes = await database.db.$count(
    mfaBackupCodes,
    and(eq(mfaBackupCodes.userId, actor.userId), isNull(mfaBackupCodes.usedAt)),
  );
  return {
    factors: factors.map((f) => ({ ...f, phone: f.phone ? maskPhone(f.phone) : null })),
    aal: actor.aal,
    nextLevel: actor.nextLevel,
    unusedBackupCodes,
  };
}

/** Whether the user has a verified factor: a session of theirs must reach aal2 before anything else. */
export async function hasVerifiedFactor({ database }: Pick<MfaDeps, 'database'>, userId: string): Promise<boolean> {
  return (await database.db.$count(mfaFactors, and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))) > 0;
}

export function maskPhone(phone: string) {
  return `••• ••• ${phone.slice(-4)}`;
}

export type EnrolInput = { factorType: 'totp'; friendlyName: string } | { factorType: 'phone'; friendlyName: string; phone: string };

export async function enrolFactor(deps: MfaDeps, { actor, client: meta, input }: Caller & { input: EnrolInput }) {
  requireAal2WhenEnrolled(actor);
  if (input.factorType === 'phone' && !deps.smsAvailable) {
    const message = 'Text-message codes are not available on this server. Use an authenticator app.';
    throw new AppError('VALIDATION', message, { factorType: message });
  }
  return inTransaction(deps.database, async ({ tx }) => {
    const clash = await tx
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, actor.userId), eq(mfaFactors.friendlyName, input.friendlyName)));
    if (clash.length > 0) {
      const message = 'You already have a factor with this name';
      throw new AppError('CONFLICT', message, { friendlyName: message });
    }
    const secret = input.factorType === 'totp' ? generateTotpSecret() : undefined;
    const [factor] = await tx
      .insert(mfaFactors)
      .values({
        userId: actor.userId,
        factorType: input.factorType,
        friendlyName: input.friendlyName,
        secretCiphertext: secret ? deps.secretBox.seal(secret) : null,
        phone: input.factorType === 'phone' ? input.phone : null,
      })
      .returning({ id: mfaFactors.id });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'mfa.factor_enrolled',
      entityType: 'mfa_factor',
      entityId: factor!.id,
      outcome: 'success',
      ...meta,
      details: { factorType: input.factorType },
    });
    if (!secret) return { id: factor!.id, factorType: input.factorType, totp: null };
    const uri = totpUri({ secret, issuer: deps.issuer, account: actor.email });
    return {
      id: factor!.id,
      factorType: input.factorType,
      totp: { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) },
    };
  });
}

/** Starts proving a factor. For a phone, sends a code by SMS (valid 10 minutes, stored hashed). */
export async function challengeFactor(deps: MfaDeps, { actor, factorId }: { actor: Actor; factorId: string }) {
  const factor = await findOwnFactor(deps.database, actor, factorId);
  return inTransaction(deps.database, async (t) => {
    let codeHash: string | null = null;
    if (factor.factorType === 'phone') {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      codeHash = hash(`${factorId}:${code}`);
      await queueSms(t, deps.jobs, { to: factor.phone!, body: `Your CareRelay verification code is ${code}. It expires in 10 minutes.` });
    }
    const expiresAt = new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000);
    const [challenge] = await t.tx
      .insert(mfaChallenges)
      .values({ factorId, sessionId: actor.sessionId, codeHash, expiresAt })
      .returning({ id: mfaChallenges.id, expiresAt: mfaChallenges.expiresAt });
    return challenge!;
  });
}

type VerifyInput = { factorId: string; challengeId: string; code: string };
type Factor = Awaited<ReturnType<typeof findOwnFactor>>;

const WRONG_TOTP_MESSAGE = 'Invalid code. Check your authenticator app and try again.';

/**
 * Counts one attempt against the challenge in a single conditional write, so concurrent guesses
 * cannot all pass the attempt check before any of them is counted. Returns why it is refused, or
 * the challenge.
 */
async function claimAttempt(database: Database, actor: Actor, factor: Factor, challengeId: string) {
  const [claimed] = await database.db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.id, challengeId),
        eq(mfaChallenges.factorId, factor.id),
        eq(mfaChallenges.sessionId, actor.sessionId),
        isNull(mfaChallenges.verifiedAt),
        gt(mfaChallenges.expiresAt, new Date()),
        lt(mfaChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ id: mfaChallenges.id, codeHash: mfaChallenges.codeHash });
  if (claimed) return { challenge: claimed };
  // Refused: read the challenge once more only to say why.
  const [challenge] = await database.db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factor.id), eq(mfaChallenges.sessionId, actor.sessionId)));
  if (!challenge || challenge.verifiedAt) return { refusal: 'This code request is no longer valid. Request a new code.' };
  if (challenge.expiresAt < new Date()) return { refusal: 'This code has expired. Request a new code.' };
  return { refusal: 'Too many wrong codes. Request a new code.' };
}

/**
 * Checks a code against a challenge. Success marks the factor verified (first time), raises this
 * session to aal2 and, for the user's first verified factor, returns fresh backup codes once.
 */
export async function verifyFactor(deps: MfaDeps, { actor, client: meta, ...input }: Caller & VerifyInput) {
  const factor = await findOwnFactor(deps.database, actor, input.factorId);
  const refuse = async (message: string): Promise<never> => {
    await writeAudit(deps.database.db, {
      actorUserId: actor.userId,
      action: 'mfa.challenge_failed',
      entityType: 'mfa_factor',
      entityId: factor.id,
      outcome: 'failure',
      ...meta,
    });
    throw new AppError('VALIDATION', message, { code: message });
  };
  const attempt = await claimAttempt(deps.database, actor, factor, input.challengeId);
  if (!attempt.challenge) return refuse(attempt.refusal);

  let totpStep: number | null = null;
  if (factor.factorType === 'totp') {
    totpStep = matchTotp(deps.secretBox.open(factor.secretCiphertext!), input.code);
    if (totpStep === null) return refuse(WRONG_TOTP_MESSAGE);
  } else if (!attempt.challenge.codeHash || !sameHash(attempt.challenge.codeHash, hash(`${factor.id}:${input.code}`))) {
    return refuse('Invalid code. Check the text message and try again.');
  }

  const result = await inTransaction(deps.database, async ({ tx }) => {
    // The step is claimed by the same write that records it: of several sessions presenting one
    // code at once, exactly one finds the step still unused. A code works once, never at or
    // before the last step accepted.
    const [claimed] = await tx
      .update(mfaFactors)
      .set({ status: 'verified', verifiedAt: factor.verifiedAt ?? new Date(), ...(totpStep !== null ? { lastUsedStep: totpStep } : {}) })
      .where(
        and(
          eq(mfaFactors.id, factor.id),
          totpStep === null ? undefined : or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, totpStep)),
        ),
      )
      .returning({ id: mfaFactors.id });
    if (!claimed) return null;
    await tx.update(mfaChallenges).set({ verifiedAt: new Date() }).where(eq(mfaChallenges.id, attempt.challenge.id));
    return raiseSession(tx, actor, factor, meta);
  });
  return result ?? refuse(WRONG_TOTP_MESSAGE);
}

async function raiseSession(tx: Database['db'], actor: Actor, factor: Factor, meta: RequestClient) {
  const firstFactor = actor.nextLevel === 'aal1';
  await tx.update(session).set({ aal: 'aal2' }).where(eq(session.id, actor.sessionId));
  await writeAudit(tx, {
    actorUserId: actor.userId,
    action: factor.status === 'verified' ? 'mfa.challenge_passed' : 'mfa.factor_verified',
    entityType: 'mfa_factor',
    entityId: factor.id,
    outcome: 'success',
    ...meta,
  });
  const backupCodes = firstFactor ? await replaceBackupCodes(tx, actor.userId) : undefined;
  return { aal: 'aal2' as const, backupCodes };
}

async function replaceBackupCodes(tx: Database['db'], userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const digits = randomInt(0, 10 ** 10).toString().padStart(10, '0');
    return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  });
  await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await tx.insert(mfaBackupCodes).values(codes.map((code) => ({ userId, codeHash: hash(`${userId}:${code}`) })));
  return codes;
}

/** New backup codes (the old ones stop working); needs aal2. */
export async function regenerateBackupCodes(deps: MfaDeps, { actor, client: meta }: Caller) {
  if (actor.aal !== 'aal2') throw new AppError('MFA_REQUIRED', 'Verify with one of your factors first.');
  return inTransaction(deps.database, async ({ tx }) => {
    const codes = await replaceBackupCodes(tx, actor.userId);
    await writeAudit(tx, { actorUserId: actor.userId, action: 'mfa.backup_codes_replaced', entityType: 'user', entityId: actor.userId, outcome: 'success', ...meta });
    return { backupCodes: codes };
  });
}

/** A backup code passes the second factor once. */
export async function useBackupCode(deps: MfaDeps, { actor, client: meta, code }: Caller & { code: string }) {
  const normalised = code.trim();
  const passed = await inTransaction(deps.database, async ({ tx }) => {
    // One conditional write: of several sessions using one code at once, only one finds it unused.
    const [used] = await tx
      .update(mfaBackupCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaBackupCodes.userId, actor.userId), eq(mfaBackupCodes.codeHash, hash(`${actor.userId}:${normalised}`)), isNull(mfaBackupCodes.usedAt)))
      .returning({ id: mfaBackupCodes.id });
    if (!used) return false;
    await tx.update(session).set({ aal: 'aal2' }).where(eq(session.id, actor.sessionId));
    await writeAudit(tx, { actorUserId: actor.userId, action: 'mfa.backup_code_used', entityType: 'user', entityId: actor.userId, outcome: 'success', ...meta });
    return true;
  });
  if (!passed) {
    // After the transaction has ended: while it is open, another connection for the audit row could
    // wait forever for a pool that those same transactions hold.
    await writeAudit(deps.database.db, { actorUserId: actor.userId, action: 'mfa.backup_code_failed', entityType: 'user', entityId: actor.userId, outcome: 'failure', ...meta });
    const message = 'Invalid or already used backup code';
    throw new AppError('VALIDATION', message, { code: message });
  }
  return { aal: 'aal2' as const };
}

export async function removeFactor(deps: MfaDeps, { actor, client: meta, factorId }: Caller & { factorId: string }) {
  requireAal2WhenEnrolled(actor);
  const factor = await findOwnFactor(deps.database, actor, factorId);
  await inTransaction(deps.database, async ({ tx }) => {
    await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    const remaining = await tx.$count(mfaFactors, and(eq(mfaFactors.userId, actor.userId), eq(mfaFactors.status, 'verified')));
    // With no factor left, backup codes would be a way in that nothing else protects.
    if (remaining === 0) await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, actor.userId));
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'mfa.factor_removed',
      entityType: 'mfa_factor',
      entityId: factor.id,
      outcome: 'success',
      ...meta,
      details: { factorType: factor.factorType },
    });
  });
}

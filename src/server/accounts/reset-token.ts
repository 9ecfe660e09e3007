import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { RESET_TOKEN_SECONDS } from '../auth/auth';
import type { Database, Db } from '../db/client';
import { verification } from '../db/schema/index';

/** True while a reset token exists (unused) and has not expired. Using it is better-auth's job. */
export async function isResetTokenUsable(database: Database, token: string): Promise<boolean> {
  const rows = await database.db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return rows.length > 0;
}

/**
 * A single-use link token for a user to choose their password (new accounts, invited managers):
 * the same kind better-auth issues for "Forgot password", so /reset-password sets it.
 */
export async function issueResetToken(tx: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.insert(verification).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
  });
  return token;
}

import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verification } from '../db/schema/index';

/** True while a reset token exists (unused) and has not expired. Using it is better-auth's job. */
export async function isResetTokenUsable(database: Database, token: string): Promise<boolean> {
  const rows = await database.db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return rows.length > 0;
}

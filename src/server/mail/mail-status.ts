import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema/index';

/**
 * The moves of a mail's status other than delivery itself (deliver-mail.ts): given up on, and
 * queued again. Each changes only a mail in the status it moves from, so two callers racing move
 * it once; the caller queues the job in the same transaction.
 */

/** A queued mail whose delivery is given up on: 'failed', with its attempts and last error as they stand. */
export async function markMailFailed(tx: Db, mailId: string): Promise<{ attempts: number; lastError: string | null } | undefined> {
  const [failed] = await tx
    .update(mailMessages)
    .set({ status: 'failed' })
    .where(and(eq(mailMessages.id, mailId), eq(mailMessages.status, 'queued')))
    .returning({ attempts: mailMessages.attempts, lastError: mailMessages.lastError });
  return failed;
}

/** A failed mail queued again (a manager's Retry); false when it is not failed. */
export async function requeueFailedMail(tx: Db, mailId: string): Promise<boolean> {
  const requeued = await tx
    .update(mailMessages)
    .set({ status: 'queued' })
    .where(and(eq(mailMessages.id, mailId), eq(mailMessages.status, 'failed')))
    .returning({ id: mailMessages.id });
  return requeued.length > 0;
}

/** Locks a mail that is still queued, for the delivery sweep to decide on it; undefined when it is not queued. */
export async function lockQueuedMail(tx: Db, mailId: string): Promise<{ attempts: number; lastError: string | null } | undefined> {
  const [mail] = await tx
    .select({ attempts: mailMessages.attempts, lastError: mailMessages.lastError })
    .from(mailMessages)
    .where(and(eq(mailMessages.id, mailId), eq(mailMessages.status, 'queued')))
    .for('update');
  return mail;
}

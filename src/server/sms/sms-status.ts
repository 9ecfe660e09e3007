import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsMessages } from '../db/schema/index';

/**
 * The moves of an SMS's status other than delivery itself (deliver-sms.ts): given up on, and
 * queued again. Each changes only a text in the status it moves from, so two callers racing move
 * it once; the caller queues the job in the same transaction.
 */

/** A queued text whose delivery is given up on: 'failed', with its attempts and last error as they stand. */
export async function markSmsFailed(tx: Db, smsId: string): Promise<{ attempts: number; lastError: string | null } | undefined> {
  const [failed] = await tx
    .update(smsMessages)
    .set({ status: 'failed' })
    .where(and(eq(smsMessages.id, smsId), eq(smsMessages.status, 'queued')))
    .returning({ attempts: smsMessages.attempts, lastError: smsMessages.lastError });
  return failed;
}

/** A failed text queued again (a manager's Retry); false when it is not failed. */
export async function requeueFailedSms(tx: Db, smsId: string): Promise<boolean> {
  const requeued = await tx
    .update(smsMessages)
    .set({ status: 'queued' })
    .where(and(eq(smsMessages.id, smsId), eq(smsMessages.status, 'failed')))
    .returning({ id: smsMessages.id });
  return requeued.length > 0;
}

/** Locks a text that is still queued, for the delivery sweep to decide on it; undefined when it is not queued. */
export async function lockQueuedSms(tx: Db, smsId: string): Promise<{ attempts: number; lastError: string | null } | undefined> {
  const [sms] = await tx
    .select({ attempts: smsMessages.attempts, lastError: smsMessages.lastError })
    .from(smsMessages)
    .where(and(eq(smsMessages.id, smsId), eq(smsMessages.status, 'queued')))
    .for('update');
  return sms;
}

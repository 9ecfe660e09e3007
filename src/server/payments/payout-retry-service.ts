import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/session';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { payouts } from '../db/schema/index';
import { AppError } from '../errors';
import type { RequestClient } from '../http/request-client';
import type { JobQueue } from '../jobs/queue';
import { findPaymentRowAllTenants } from './queries';
import type { PayoutItem } from './schemas';

/** Why a payout that is not failed cannot be retried, in a manager's words. */
const NOT_RETRYABLE: Record<'pending' | 'processing' | 'paid', string> = {
  pending: 'This payout is already being paid. Only a failed payout can be retried.',
  processing: 'This payout is being processed by the payment provider. Only a failed payout can be retried.',
  paid: 'This payout is already paid.',
};

/**
 * ALL TENANTS — managers only. "Retry payout": a failed payout (a declined transfer, or a job that
 * could not reach the provider) is paid again as a new attempt: its own idempotency key at the
 * provider, which first looks for a transfer an earlier attempt made (so a visit is never paid
 * twice), and the attempt an old job cannot write over. The status check and the change happen
 * under the payout's row lock with the job queued in the same transaction, so a double click
 * queues one job: the second finds the payout pending and gets 409. Audited.
 */
export async function retryPayoutAllTenants(
  deps: { database: Database; jobs: JobQueue },
  options: { actor: Actor; payoutId: string; client: RequestClient },
): Promise<PayoutItem> {
  const thisPayout = eq(payouts.id, options.payoutId);
  await inTransaction(deps.database, async (t) => {
    const [payout] = await t.tx.select({ status: payouts.status, visitId: payouts.visitId }).from(payouts).where(thisPayout).for('update');
    if (!payout) throw new AppError('NOT_FOUND', 'No such payout.');
    if (payout.status !== 'failed') throw new AppError('CONFLICT', NOT_RETRYABLE[payout.status]);
    const [retried] = await t.tx
      .update(payouts)
      .set({ status: 'pending', failureMessage: null, payoutAttempt: sql`${payouts.payoutAttempt} + 1` })
      .where(and(thisPayout, eq(payouts.status, 'failed')))
      .returning({ attempt: payouts.payoutAttempt });
    if (!retried) throw new AppError('CONFLICT', NOT_RETRYABLE.pending);
    await deps.jobs.send('payment-payout', { visitId: payout.visitId }, { sql: t.sql });
    await writeAudit(t.tx, {
      actorUserId: options.actor.userId,
      action: 'payment.payout_retried',
      entityType: 'payout',
      entityId: options.payoutId,
      outcome: 'success',
      ipAddress: options.client.ipAddress,
      userAgent: options.client.userAgent,
      details: { visitId: payout.visitId, attempt: retried.attempt },
    });
  });
  const item = await findPaymentRowAllTenants(deps.database.db, 'payout', options.payoutId);
  if (!item) throw new AppError('NOT_FOUND', 'No such payout.');
  return item;
}

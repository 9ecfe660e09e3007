import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { invoiceLines, payouts, visits } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { moveLockedVisit } from '../visits/move-visit';

/**
 * Called in the transaction that approves a visit's note (by the agency or automatically): the
 * visit becomes payable at its agreed rate — one line on the agency's invoice and one payout owed
 * to the therapist — and the provider jobs are queued. Idempotent: the unique visit id on both
 * tables means a second approval (concurrent or repeated) adds nothing and queues nothing.
 * Returns whether this call made the visit payable.
 */
export async function makeVisitPayable(t: Transaction, jobs: JobQueue, options: { visitId: string; provider: string }): Promise<boolean> {
  const [visit] = await t.tx.select().from(visits).where(eq(visits.id, options.visitId)).for('update');
  if (!visit) throw new Error(`visit ${options.visitId} not found`);
  const key = `visit-${visit.id}`;
  const [line] = await t.tx
    .insert(invoiceLines)
    .values({
      visitId: visit.id,
      agencyId: visit.agencyId,
      therapistId: visit.therapistId,
      serviceId: visit.serviceId,
      amount: visit.rate,
      provider: options.provider,
      idempotencyKey: `${key}-charge`,
    })
    .onConflictDoNothing()
    .returning({ id: invoiceLines.id });
  if (!line) return false;
  await t.tx
    .insert(payouts)
    .values({ visitId: visit.id, therapistId: visit.therapistId, amount: visit.rate, provider: options.provider, idempotencyKey: `${key}-payout` })
    .onConflictDoNothing();
  await moveLockedVisit(t.tx, visit.id, { from: 'documented', to: 'approved' });
  await jobs.send('payment-charge', { visitId: visit.id }, { sql: t.sql });
  return true;
}

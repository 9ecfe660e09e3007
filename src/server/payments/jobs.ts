import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { inTransaction, type Database } from '../db/client';
import { invoiceLines, paymentAccounts, payouts } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { PaymentDeclinedError, type PaymentProvider } from './provider';
import { settleVisitIfPaid } from './queries';

export interface PaymentJobDeps {
  database: Database;
  jobs: JobQueue;
  provider: PaymentProvider;
}

export const AWAITING_ONBOARDING = 'Waiting for the therapist to finish payment onboarding.';

/** Kept on the row while the job queue retries, so a manager sees why it is not paid yet. */
async function noteFailure(database: Database, table: typeof invoiceLines | typeof payouts, id: string, error: unknown) {
  const message = error instanceof Error ? error.message.slice(0, 300) : 'Payment provider error';
  await database.db
    .update(table)
    .set({ failureMessage: `Retrying: ${message}` })
    .where(and(eq(table.id, id), ne(table.status, 'paid')))
    .catch(() => {});
}

/**
 * 'payment-charge': charges the agency for one visit, then queues the therapist's payout. An
 * outage throws, so pg-boss retries with backoff; the idempotency key makes every retry ask for
 * the same charge. A declined payment is final: the line is marked failed for a manager.
 */
export function createChargeJob(deps: PaymentJobDeps) {
  return async ({ visitId }: { visitId: string }) => {
    const [line] = await deps.database.db.select().from(invoiceLines).where(eq(invoiceLines.visitId, visitId));
    if (!line || line.status === 'paid' || line.status === 'failed') return;
    let result;
    try {
      result = await deps.provider.chargeAgency({ visitId, agencyId: line.agencyId, amount: line.amount, idempotencyKey: line.idempotencyKey });
    } catch (error) {
      if (error instanceof PaymentDeclinedError) {
        await deps.database.db
          .update(invoiceLines)
          .set({ status: 'failed', failureMessage: error.message })
          .where(and(eq(invoiceLines.id, line.id), ne(invoiceLines.status, 'paid')));
        return;
      }
      await noteFailure(deps.database, invoiceLines, line.id, error);
      throw error;
    }
    await inTransaction(deps.database, async (t) => {
      // A webhook may have confirmed the charge already: never step back from paid.
      await t.tx
        .update(invoiceLines)
        .set({
          status: result.status,
          providerReference: result.reference,
          failureMessage: null,
          ...(result.status === 'paid' ? { paidAt: sql`now()` } : {}),
        })
        .where(and(eq(invoiceLines.id, line.id), ne(invoiceLines.status, 'paid')));
      await deps.jobs.send('payment-payout', { visitId }, { sql: t.sql });
    });
  };
}

/**
 * 'payment-payout': pays the therapist for one visit. Under Stripe it waits (pending, with a note)
 * until the therapist's connected account can receive payouts; the account.updated webhook queues
 * it again then. The transfer's own idempotency key makes a retried job one transfer.
 */
export function createPayoutJob(deps: PaymentJobDeps) {
  return async ({ visitId }: { visitId: string }) => {
    const [payout] = await deps.database.db.select().from(payouts).where(eq(payouts.visitId, visitId));
    if (!payout || payout.status === 'paid' || payout.status === 'failed') return;
    let destinationAccount: string | null = null;
    if (deps.provider.name === 'stripe') {
      const [account] = await deps.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, payout.therapistId));
      if (!account?.payoutsEnabled) {
        await deps.database.db
          .update(payouts)
          .set({ failureMessage: AWAITING_ONBOARDING })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
        return;
      }
      destinationAccount = account.accountId;
      await deps.database.db
        .update(payouts)
        .set({ status: 'processing', failureMessage: null })
        .where(and(eq(payouts.id, payout.id), inArray(payouts.status, ['pending'])));
    }
    let result;
    try {
      result = await deps.provider.payTherapist({
        visitId,
        therapistId: payout.therapistId,
        amount: payout.amount,
        idempotencyKey: payout.idempotencyKey,
        destinationAccount,
      });
    } catch (error) {
      if (error instanceof PaymentDeclinedError) {
        await deps.database.db
          .update(payouts)
          .set({ status: 'failed', failureMessage: error.message })
          .where(and(eq(payouts.id, payout.id), ne(payouts.status, 'paid')));
        return;
      }
      await noteFailure(deps.database, payouts, payout.id, error);
      throw error;
    }
    await inTransaction(deps.database, async (t) => {
      await t.tx
        .update(payouts)
        .set({
          status: result.status,
          providerReference: result.reference,
          failureMessage: null,
          ...(result.status === 'paid' ? { paidAt: sql`now()` } : {}),
        })
        .where(and(eq(payouts.id, payout.id), ne(payouts.status, 'paid')));
      if (result.status === 'paid') await settleVisitIfPaid(t.tx, visitId);
    });
  };
}

import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { inTransaction, type Database } from '../db/client';
import { invoiceLines, paymentAccounts, paymentEvents, payouts } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import type { PaymentEvent } from './provider';
import { settleVisitIfPaid } from './queries';

/**
 * Applies one verified provider event exactly once. The event id goes into payment_events in the
 * same transaction as its effect: a repeated delivery, even a concurrent one, waits on the first
 * one's row and then finds it there, so it changes nothing. Returns false for a repeat.
 */
export async function processPaymentEvent(deps: { database: Database; jobs: JobQueue }, provider: string, event: PaymentEvent): Promise<boolean> {
  return inTransaction(deps.database, async (t) => {
    const [fresh] = await t.tx
      .insert(paymentEvents)
      .values({ id: event.id, provider, type: event.type === 'ignored' ? event.providerType : event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return false;

    switch (event.type) {
      case 'charge.succeeded':
      case 'charge.failed': {
        const match = or(eq(invoiceLines.providerReference, event.reference), event.visitId ? eq(invoiceLines.visitId, event.visitId) : undefined);
        const paid = event.type === 'charge.succeeded';
        const rows = await t.tx
          .update(invoiceLines)
          .set(
            paid
              ? { status: 'paid', paidAt: sql`now()`, providerReference: event.reference, failureMessage: null }
              : { status: 'failed', providerReference: event.reference, failureMessage: event.failureMessage },
          )
          .where(and(match, ne(invoiceLines.status, 'paid')))
          .returning({ visitId: invoiceLines.visitId });
        for (const row of rows) await settleVisitIfPaid(t.tx, row.visitId);
        break;
      }
      case 'payout.paid':
      case 'payout.failed': {
        const match = or(eq(payouts.providerReference, event.reference), event.visitId ? eq(payouts.visitId, event.visitId) : undefined);
        const paid = event.type === 'payout.paid';
        // A reversal takes back a paid transfer, so a failure may follow paid; a late 'paid' may not undo it.
        const rows = await t.tx
          .update(payouts)
          .set(
            paid
              ? { status: 'paid', paidAt: sql`now()`, providerReference: event.reference, failureMessage: null }
              : { status: 'failed', paidAt: null, failureMessage: event.failureMessage },
          )
          .where(and(match, paid ? inArray(payouts.status, ['pending', 'processing']) : undefined))
          .returning({ visitId: payouts.visitId });
        for (const row of rows) await settleVisitIfPaid(t.tx, row.visitId);
        break;
      }
      case 'account.updated': {
        const [account] = await t.tx
          .update(paymentAccounts)
          .set({ payoutsEnabled: event.payoutsEnabled })
          .where(eq(paymentAccounts.accountId, event.accountId))
          .returning({ therapistId: paymentAccounts.userId });
        if (account && event.payoutsEnabled) {
          // Payouts that waited for onboarding go out now.
          const waiting = await t.tx
            .select({ visitId: payouts.visitId })
            .from(payouts)
            .where(and(eq(payouts.therapistId, account.therapistId), eq(payouts.status, 'pending')));
          await deps.jobs.sendMany(
            'payment-payout',
            waiting.map((row) => ({ visitId: row.visitId })),
            { sql: t.sql },
          );
        }
        break;
      }
      case 'ignored':
        break;
    }
    return true;
  });
}

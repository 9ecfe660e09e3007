import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { inTransaction, type Database, type Db } from '../db/client';
import { invoiceLines, paymentAccounts, payouts } from '../db/schema/index';
import type { JobQueue, JobRun } from '../jobs/queue';
import { PaymentDeclinedError, type PaymentProvider } from './provider';
import { findPaymentCustomer, settleVisitIfPaid } from './queries';

export interface PaymentJobDeps {
  database: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
}

export const AWAITING_ONBOARDING = 'Waiting for the therapist to finish payment onboarding.';
/** Shown to the agency and managers on a Stripe line parked until the agency saves a payment method. */
export const AWAITING_PAYMENT_METHOD = 'Add a payment method to pay for completed visits.';
/** Shown on a line whose charge job ran out of retries (the provider could not be reached); "Retry payment" queues it again. */
export const CHARGE_UNREACHABLE = 'We could not reach the payment provider. Retry the payment to charge this visit.';
/** Shown to the therapist on a Stripe payout that waits for the agency's charge to succeed. */
export const AWAITING_AGENCY_PAYMENT = "Waiting for the agency's payment for this visit to go through.";

/** Shown on a payout whose job ran out of retries (the provider could not be reached); a manager's "Retry payout" queues it again. */
export const PAYOUT_UNREACHABLE = 'We could not reach the payment provider. Retry the payout to pay this visit.';

/**
 * Kept on the row while the job queue retries, so a manager sees why it is not paid yet. `thisAttempt`
 * names the row and the attempt the job read: an old attempt's job does not write over a newer one.
 */
async function noteFailure(database: Database, table: typeof invoiceLines | typeof payouts, thisAttempt: SQL | undefined, error: unknown) {
  const message = error instanceof Error ? error.message.slice(0, 300) : 'Payment provider error';
  await database.db
    .update(table)
    .set({ failureMessage: `Retrying: ${message}` })
    .where(and(thisAttempt, inArray(table.status, ['pending', 'processing'])))
    .catch(() => {});
}

/** Tells the therapist (on their payout) why it has not gone out: the agency's payment has not gone through. */
export function notePayoutAwaitsAgency(db: Db, visitId: string) {
  return db
    .update(payouts)
    .set({ failureMessage: AWAITING_AGENCY_PAYMENT })
    .where(and(eq(payouts.visitId, visitId), eq(payouts.status, 'pending')));
}

/**
 * 'payment-charge': charges the agency for one visit. An outage throws, so pg-boss retries with
 * backoff; the idempotency keys make every retry ask for the same charge. A declined payment is
 * final for this attempt: the line is marked failed with the reason, until the agency saves a
 * payment method or presses "Retry payment" (either queues the charge again as a new attempt). So
 * is the last run of the job failing: the line is marked failed with CHARGE_UNREACHABLE rather than
 * left pending for ever, and the same retry recovers it. Under Stripe a line whose agency has no
 * payment method yet is parked, not failed, and the payout is queued only once the agency's money
 * is in; under the ledger it is queued at once, as nothing moves anyway.
 *
 * Every write names the attempt the job read: a job still running for an attempt the line has
 * moved past changes nothing.
 */
export function createChargeJob(deps: PaymentJobDeps) {
  return async ({ visitId }: { visitId: string }, run?: JobRun) => {
    const [line] = await deps.database.db.select().from(invoiceLines).where(eq(invoiceLines.visitId, visitId));
    if (!line || line.status === 'paid' || line.status === 'failed') return;
    const thisAttempt = and(eq(invoiceLines.id, line.id), eq(invoiceLines.chargeAttempt, line.chargeAttempt));
    let payer: { customerId: string; paymentMethodId: string } | null = null;
    if (deps.payments.name === 'stripe') {
      const customer = await findPaymentCustomer(deps.database.db, line.agencyId);
      if (!customer?.paymentMethodId) {
        // Parked, not retried: saving a payment method (its webhook) queues this job again.
        await inTransaction(deps.database, async ({ tx }) => {
          await tx
            .update(invoiceLines)
            .set({ failureMessage: AWAITING_PAYMENT_METHOD })
            .where(and(thisAttempt, eq(invoiceLines.status, 'pending')));
          await notePayoutAwaitsAgency(tx, visitId);
        });
        return;
      }
      payer = { customerId: customer.customerId, paymentMethodId: customer.paymentMethodId };
    }
    let payment = line.providerReference;
    const charge = (chargedTo: typeof payer) =>
      deps.payments.chargeAgency({
        visitId,
        agencyId: line.agencyId,
        amount: line.amount,
        idempotencyKey: line.idempotencyKey,
        payer: chargedTo,
        attempt: line.chargeAttempt,
        payment,
        onPaymentCreated: async (reference) => {
          payment = reference;
          await deps.database.db
            .update(invoiceLines)
            .set({ providerReference: reference })
            .where(and(eq(invoiceLines.id, line.id), isNull(invoiceLines.providerReference)));
        },
      });
    let result;
    try {
      try {
        result = await charge(payer);
      } catch (error) {
        // The agency saved another card while the old one was being declined: its webhook re-queued
        // nothing (this line was not failed yet), so charge the new card now rather than fail the line.
        const replaced = error instanceof PaymentDeclinedError && payer ? await replacedPayer(deps, line.agencyId, payer) : null;
        if (!replaced) throw error;
        result = await charge(replaced);
      }
    } catch (error) {
      const declined = error instanceof PaymentDeclinedError;
      const lastRun = run !== undefined && run.retryCount >= run.retryLimit;
      if (declined || lastRun) {
        await inTransaction(deps.database, async ({ tx }) => {
          const [marked] = await tx
            .update(invoiceLines)
            .set({
              status: 'failed',
              failureMessage: declined ? error.message : CHARGE_UNREACHABLE,
              ...(declined && error.reference ? { providerReference: error.reference } : {}),
            })
            // An outage on the last run fails only a line still waiting (pending): a processing one has reached the provider, whose webhook settles it.
            .where(and(thisAttempt, declined ? ne(invoiceLines.status, 'paid') : eq(invoiceLines.status, 'pending')))
            .returning({ id: invoiceLines.id });
          if (marked && deps.payments.name === 'stripe') await notePayoutAwaitsAgency(tx, visitId);
        });
        if (declined) return;
      } else {
        await noteFailure(deps.database, invoiceLines, thisAttempt, error);
      }
      throw error;
    }
    await inTransaction(deps.database, async (t) => {
      // A webhook may have settled the charge already (paid or failed): never overwrite its word.
      const [moved] = await t.tx
        .update(invoiceLines)
        .set({
          status: result.status,
          providerReference: result.reference,
          failureMessage: null,
          ...(result.chargeReference ? { chargeReference: result.chargeReference } : {}),
          ...(result.status === 'paid' ? { paidAt: sql`now()` } : {}),
        })
        .where(and(thisAttempt, inArray(invoiceLines.status, ['pending', 'processing'])))
        .returning({ id: invoiceLines.id });
      if (deps.payments.name !== 'stripe' || (moved && result.status === 'paid')) {
        await deps.jobs.send('payment-payout', { visitId }, { sql: t.sql });
      }
    });
  };
}

/** The agency's payment method now, if it is not the one just charged. */
async function replacedPayer(deps: PaymentJobDeps, agencyId: string, charged: { paymentMethodId: string }) {
  const customer = await findPaymentCustomer(deps.database.db, agencyId);
  return customer?.paymentMethodId && customer.paymentMethodId !== charged.paymentMethodId
    ? { customerId: customer.customerId, paymentMethodId: customer.paymentMethodId }
    : null;
}

/**
 * 'payment-payout': pays the therapist for one visit. Under Stripe it waits (pending, with a note)
 * until the therapist's connected account can receive payouts (the account.updated webhook queues
 * it again then) and until the agency's charge has succeeded (the charge job or the
 * payment_intent.succeeded webhook queues it then); the transfer draws on that charge. The
 * transfer's own idempotency key makes a retried job one transfer. An outage throws, so pg-boss
 * retries with backoff; a declined transfer (say the platform's balance is short) is final for this
 * attempt, and so is the job's last run failing (PAYOUT_UNREACHABLE): either marks the payout
 * failed with the reason rather than leaving it pending for ever, and a manager's "Retry payout"
 * queues it again as a new attempt (which first looks for a transfer an earlier one made).
 *
 * Every write names the attempt the job read: a job still running for an attempt the payout has
 * moved past changes nothing.
 */
export function createPayoutJob(deps: PaymentJobDeps) {
  return async ({ visitId }: { visitId: string }, run?: JobRun) => {
    const [payout] = await deps.database.db.select().from(payouts).where(eq(payouts.visitId, visitId));
    if (!payout || payout.status === 'paid' || payout.status === 'failed') return;
    const thisAttempt = and(eq(payouts.id, payout.id), eq(payouts.payoutAttempt, payout.payoutAttempt));
    // Pending or processing (the job marks a Stripe payout processing before asking for the transfer).
    const unsettled = inArray(payouts.status, ['pending', 'processing']);
    let destinationAccount: string | null = null;
    let sourceCharge: string | null = null;
    if (deps.payments.name === 'stripe') {
      const [account] = await deps.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, payout.therapistId));
      const [line] = await deps.database.db
        .select({ status: invoiceLines.status, chargeReference: invoiceLines.chargeReference })
        .from(invoiceLines)
        .where(eq(invoiceLines.visitId, visitId));
      const wait = (reason: string) =>
        deps.database.db
          .update(payouts)
          .set({ failureMessage: reason })
          .where(and(thisAttempt, eq(payouts.status, 'pending')));
      if (!account?.payoutsEnabled) return void (await wait(AWAITING_ONBOARDING));
      if (line?.status !== 'paid' || !line.chargeReference) return void (await wait(AWAITING_AGENCY_PAYMENT));
      destinationAccount = account.accountId;
      sourceCharge = line.chargeReference;
      await deps.database.db
        .update(payouts)
        .set({ status: 'processing', failureMessage: null })
        .where(and(thisAttempt, eq(payouts.status, 'pending')));
    }
    let result;
    try {
      result = await deps.payments.payTherapist({
        visitId,
        therapistId: payout.therapistId,
        amount: payout.amount,
        idempotencyKey: payout.idempotencyKey,
        destinationAccount,
        sourceCharge,
        attempt: payout.payoutAttempt,
      });
    } catch (error) {
      const declined = error instanceof PaymentDeclinedError;
      const lastRun = run !== undefined && run.retryCount >= run.retryLimit;
      if (declined || lastRun) {
        // Only a payout still waiting for this attempt's transfer: never a paid one, nor one a webhook already failed (reversed).
        await deps.database.db
          .update(payouts)
          .set({ status: 'failed', failureMessage: declined ? error.message : PAYOUT_UNREACHABLE })
          .where(and(thisAttempt, unsettled));
        if (declined) return;
      } else {
        await noteFailure(deps.database, payouts, thisAttempt, error);
      }
      throw error;
    }
    await inTransaction(deps.database, async (t) => {
      // A webhook may have settled the transfer already (paid, or failed by a reversal): never overwrite its word.
      const [moved] = await t.tx
        .update(payouts)
        .set({
          status: result.status,
          providerReference: result.reference,
          failureMessage: null,
          ...(result.status === 'paid' ? { paidAt: sql`now()` } : {}),
        })
        .where(and(thisAttempt, unsettled))
        .returning({ id: payouts.id });
      if (moved && result.status === 'paid') await settleVisitIfPaid(t.tx, visitId);
    });
  };
}

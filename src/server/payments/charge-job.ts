import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { inTransaction, type Db } from '../db/client';
import { invoiceLines } from '../db/schema/index';
import { isLastRun, type JobRun } from '../jobs/queue';
import { AWAITING_PAYMENT_METHOD, CHARGE_UNREACHABLE, noteFailure, notePayoutAwaitsAgency, type PaymentJobDeps } from './jobs';
import { PaymentDeclinedError, type ChargeResult } from './provider';
import { findPaymentCustomer } from './queries';

type Payer = { customerId: string; paymentMethodId: string };
type InvoiceLine = typeof invoiceLines.$inferSelect;

/** The line the job read, and a condition naming it at the attempt it was read at. */
interface ChargeTarget {
  visitId: string;
  line: InvoiceLine;
  thisAttempt: SQL | undefined;
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
    const target = await loadChargeTarget(deps.database.db, visitId);
    if (!target) return;
    let payer: Payer | null = null;
    if (deps.payments.name === 'stripe') {
      payer = await loadPayer(deps.database.db, target.line.agencyId);
      // Parked, not retried: saving a payment method (its webhook) queues this job again.
      if (!payer) return recordAwaitingPaymentMethod(deps, target);
    }
    let result: ChargeResult;
    try {
      result = await callCharge(deps, target, payer);
    } catch (error) {
      await recordChargeFailure(deps, target, error, run);
      if (error instanceof PaymentDeclinedError) return;
      throw error;
    }
    await recordCharge(deps, target, result);
  };
}

/** The visit's line, unless there is nothing to charge (none, paid, or failed until a new attempt). */
async function loadChargeTarget(db: Db, visitId: string): Promise<ChargeTarget | null> {
  const [line] = await db.select().from(invoiceLines).where(eq(invoiceLines.visitId, visitId));
  if (!line || line.status === 'paid' || line.status === 'failed') return null;
  return { visitId, line, thisAttempt: and(eq(invoiceLines.id, line.id), eq(invoiceLines.chargeAttempt, line.chargeAttempt)) };
}

/** The agency's customer and saved payment method, or null when it has none yet. */
async function loadPayer(db: Db, agencyId: string): Promise<Payer | null> {
  const customer = await findPaymentCustomer(db, agencyId);
  return customer?.paymentMethodId ? { customerId: customer.customerId, paymentMethodId: customer.paymentMethodId } : null;
}

function recordAwaitingPaymentMethod(deps: PaymentJobDeps, { visitId, thisAttempt }: ChargeTarget) {
  return inTransaction(deps.database, async ({ tx }) => {
    await tx
      .update(invoiceLines)
      .set({ failureMessage: AWAITING_PAYMENT_METHOD })
      .where(and(thisAttempt, eq(invoiceLines.status, 'pending')));
    await notePayoutAwaitsAgency(tx, visitId);
  });
}

async function callCharge(deps: PaymentJobDeps, { visitId, line }: ChargeTarget, payer: Payer | null): Promise<ChargeResult> {
  let payment = line.providerReference;
  const charge = (chargedTo: Payer | null) =>
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
        await recordPaymentCreated(deps.database.db, line.id, reference);
      },
    });
  try {
    return await charge(payer);
  } catch (error) {
    // The agency saved another card while the old one was being declined: its webhook re-queued
    // nothing (this line was not failed yet), so charge the new card now rather than fail the line.
    const replaced = error instanceof PaymentDeclinedError && payer ? await replacedPayer(deps.database.db, line.agencyId, payer) : null;
    if (!replaced) throw error;
    return charge(replaced);
  }
}

/** The agency's payment method now, if it is not the one just charged. */
async function replacedPayer(db: Db, agencyId: string, charged: Payer): Promise<Payer | null> {
  const current = await loadPayer(db, agencyId);
  return current && current.paymentMethodId !== charged.paymentMethodId ? current : null;
}

/** Stored before the payment is confirmed, so a later attempt confirms this payment rather than creating another. */
async function recordPaymentCreated(db: Db, lineId: string, reference: string) {
  await db
    .update(invoiceLines)
    .set({ providerReference: reference })
    .where(and(eq(invoiceLines.id, lineId), isNull(invoiceLines.providerReference)));
}

/** A decline, or the last run's outage, fails the line; an earlier outage only notes why it is retried. */
async function recordChargeFailure(deps: PaymentJobDeps, { visitId, thisAttempt }: ChargeTarget, error: unknown, run: JobRun | undefined) {
  const declined = error instanceof PaymentDeclinedError;
  if (!declined && !isLastRun(run)) return noteFailure(deps.database, invoiceLines, thisAttempt, error);
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
}

async function recordCharge(deps: PaymentJobDeps, { visitId, thisAttempt }: ChargeTarget, result: ChargeResult) {
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
}

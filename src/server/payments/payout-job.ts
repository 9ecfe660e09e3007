import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { inTransaction, type Database, type Db } from '../db/client';
import { invoiceLines, payouts } from '../db/schema/index';
import { isLastRun, type JobRun } from '../jobs/queue';
import { AWAITING_AGENCY_PAYMENT, AWAITING_ONBOARDING, noteFailure, PAYOUT_UNREACHABLE, type PaymentJobDeps } from './jobs';
import { PaymentDeclinedError, type ProviderResult } from './provider';
import { findPaymentAccount, settleVisitIfPaid } from './queries';

type Payout = typeof payouts.$inferSelect;

/** The payout the job read, and a condition naming it at the attempt it was read at. */
interface PayoutTarget {
  visitId: string;
  payout: Payout;
  thisAttempt: SQL | undefined;
}

/** Where a Stripe transfer goes and which charge it draws on; both null under the ledger. */
interface Funding {
  destinationAccount: string | null;
  sourceCharge: string | null;
}

/** Pending or processing (the job marks a Stripe payout processing before asking for the transfer). */
const unsettled = () => inArray(payouts.status, ['pending', 'processing']);

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
    const target = await loadPayoutTarget(deps.database.db, visitId);
    if (!target) return;
    let funding: Funding = { destinationAccount: null, sourceCharge: null };
    if (deps.payments.name === 'stripe') {
      const loaded = await loadStripeFunding(deps.database.db, target);
      if ('waitingFor' in loaded) return recordWaiting(deps.database.db, target, loaded.waitingFor);
      funding = loaded;
      await recordProcessing(deps.database.db, target);
    }
    let result: ProviderResult;
    try {
      result = await callPayout(deps, target, funding);
    } catch (error) {
      await recordPayoutFailure(deps.database, target, error, run);
      if (error instanceof PaymentDeclinedError) return;
      throw error;
    }
    await recordPayout(deps.database, target, result);
  };
}

/** The visit's payout, unless there is nothing to pay (none, paid, or failed until a manager retries it). */
async function loadPayoutTarget(db: Db, visitId: string): Promise<PayoutTarget | null> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.visitId, visitId));
  if (!payout || payout.status === 'paid' || payout.status === 'failed') return null;
  return { visitId, payout, thisAttempt: and(eq(payouts.id, payout.id), eq(payouts.payoutAttempt, payout.payoutAttempt)) };
}

/** The therapist's connected account and the agency's succeeded charge, or what the payout still waits for. */
async function loadStripeFunding(db: Db, { visitId, payout }: PayoutTarget): Promise<Funding | { waitingFor: string }> {
  const account = await findPaymentAccount(db, payout.therapistId);
  const [line] = await db
    .select({ status: invoiceLines.status, chargeReference: invoiceLines.chargeReference })
    .from(invoiceLines)
    .where(eq(invoiceLines.visitId, visitId));
  if (!account?.payoutsEnabled) return { waitingFor: AWAITING_ONBOARDING };
  if (line?.status !== 'paid' || !line.chargeReference) return { waitingFor: AWAITING_AGENCY_PAYMENT };
  return { destinationAccount: account.accountId, sourceCharge: line.chargeReference };
}

async function recordWaiting(db: Db, { thisAttempt }: PayoutTarget, reason: string) {
  await db
    .update(payouts)
    .set({ failureMessage: reason })
    .where(and(thisAttempt, eq(payouts.status, 'pending')));
}

async function recordProcessing(db: Db, { thisAttempt }: PayoutTarget) {
  await db
    .update(payouts)
    .set({ status: 'processing', failureMessage: null })
    .where(and(thisAttempt, eq(payouts.status, 'pending')));
}

function callPayout(deps: PaymentJobDeps, { visitId, payout }: PayoutTarget, funding: Funding): Promise<ProviderResult> {
  return deps.payments.payTherapist({
    visitId,
    therapistId: payout.therapistId,
    amount: payout.amount,
    idempotencyKey: payout.idempotencyKey,
    ...funding,
    attempt: payout.payoutAttempt,
  });
}

/** A decline, or the last run's outage, fails the payout; an earlier outage only notes why it is retried. */
async function recordPayoutFailure(database: Database, { thisAttempt }: PayoutTarget, error: unknown, run: JobRun | undefined) {
  const declined = error instanceof PaymentDeclinedError;
  if (!declined && !isLastRun(run)) return noteFailure(database, payouts, thisAttempt, error);
  // Only a payout still waiting for this attempt's transfer: never a paid one, nor one a webhook already failed (reversed).
  await database.db
    .update(payouts)
    .set({ status: 'failed', failureMessage: declined ? error.message : PAYOUT_UNREACHABLE })
    .where(and(thisAttempt, unsettled()));
}

async function recordPayout(database: Database, { visitId, thisAttempt }: PayoutTarget, result: ProviderResult) {
  await inTransaction(database, async (t) => {
    // A webhook may have settled the transfer already (paid, or failed by a reversal): never overwrite its word.
    const [moved] = await t.tx
      .update(payouts)
      .set({
        status: result.status,
        providerReference: result.reference,
        failureMessage: null,
        ...(result.status === 'paid' ? { paidAt: sql`now()` } : {}),
      })
      .where(and(thisAttempt, unsettled()))
      .returning({ id: payouts.id });
    if (moved && result.status === 'paid') await settleVisitIfPaid(t.tx, visitId);
  });
}

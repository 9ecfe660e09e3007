import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { inTransaction, type Database, type Db, type Transaction } from '../db/client';
import { invoiceLines, paymentAccounts, paymentCustomers, paymentEvents, payouts } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { AWAITING_PAYMENT_METHOD, notePayoutAwaitsAgency, PAYOUT_UNREACHABLE } from './jobs';
import { AppError } from '../errors';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './provider';
import { settleVisitIfPaid } from './queries';

/** An event ready to apply: a finished setup has been read from the provider (savePaymentMethod) first. */
export type ProcessableEvent = Exclude<PaymentEvent, { type: 'payment_method.setup' }>;

/**
 * Which lines a payment-failed event may fail: only one whose current charge is the one that
 * failed, while it waits for that charge's outcome (processing). Stripe does not deliver events in
 * order, and one visit's PaymentIntent is confirmed again on each attempt (a new card, "Retry
 * payment"), so a failure may arrive after the line has moved on. Each confirmation makes its own
 * charge, so the charge id says exactly which attempt failed, with no clock involved: comparing
 * event.created with when the line was re-queued breaks on one-second resolution and clock skew,
 * an attempt number in metadata cannot be set by a confirmation, and re-reading the PaymentIntent
 * cannot tell an old decline from a current one between the re-queue and the new confirmation.
 * A line still pending is left alone too: its charge job awaits the provider's answer and records
 * the decline itself; a failed one already shows a reason.
 */
function awaitsThisCharge(chargeReference: string | null) {
  if (!chargeReference) return sql`false`;
  return and(eq(invoiceLines.status, 'processing'), eq(invoiceLines.chargeReference, chargeReference));
}

/**
 * One delivery of the provider's webhook: verified by its signature over the exact bytes sent, then
 * applied once. Returns whether it was a repeat.
 */
export async function receivePaymentWebhook(
  deps: { database: Database; jobs: JobQueue; payments: PaymentProvider },
  { body, signature }: { body: Buffer; signature: string | undefined },
): Promise<{ duplicate: boolean }> {
  const { payments } = deps;
  if (payments.name !== 'stripe') throw new AppError('NOT_FOUND', 'Stripe payments are not enabled.');
  let parsed;
  try {
    parsed = payments.parseWebhook(body, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION', 'The webhook signature could not be verified.');
    throw error;
  }
  let event: ProcessableEvent;
  if (parsed.type === 'payment_method.setup') {
    if (await paymentEventSeen(deps.database, parsed.id)) return { duplicate: true };
    // Read from Stripe before recording the event: if Stripe cannot be reached this answers 500
    // and Stripe delivers the event again later, so the payment method is never lost.
    event = { id: parsed.id, type: 'payment_method.saved', ...(await payments.savePaymentMethod({ setupIntentId: parsed.setupIntentId })) };
  } else {
    event = parsed;
  }
  return { duplicate: !(await processPaymentEvent(deps, payments.name, event)) };
}

/** Whether an event id was already processed: lets the webhook skip provider calls for a repeat. */
async function paymentEventSeen(database: Database, id: string): Promise<boolean> {
  const rows = await database.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return rows.length > 0;
}

/**
 * Applies one verified provider event exactly once. The event id goes into payment_events in the
 * same transaction as its effect: a repeated delivery, even a concurrent one, waits on the first
 * one's row and then finds it there, so it changes nothing. Returns false for a repeat.
 */
export async function processPaymentEvent(deps: { database: Database; jobs: JobQueue }, provider: string, event: ProcessableEvent): Promise<boolean> {
  return inTransaction(deps.database, async (t) => {
    if (!(await recordPaymentEvent(t.tx, provider, event))) return false;
    await applyPaymentEvent({ ...t, jobs: deps.jobs }, event);
    return true;
  });
}

/** Claims the event id; false when an earlier delivery already did. */
async function recordPaymentEvent(tx: Db, provider: string, event: ProcessableEvent): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider, type: event.type === 'ignored' ? event.providerType : event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh !== undefined;
}

/** The open transaction an event is applied in, and the queue its follow-up jobs join (committed with it). */
type EventTransaction = Transaction & { jobs: JobQueue };
type EventOf<T extends ProcessableEvent['type']> = Extract<ProcessableEvent, { type: T }>;
/** Succeeded and failed charges share one shape (the switch tells them apart). */
type ChargeEvent = EventOf<'charge.succeeded' | 'charge.failed'>;

async function applyPaymentEvent(t: EventTransaction, event: ProcessableEvent): Promise<void> {
  switch (event.type) {
    case 'charge.succeeded':
      return applyChargeSucceeded(t, event);
    case 'charge.failed':
      return applyChargeFailed(t, event);
    case 'payout.paid':
    case 'payout.failed':
      return applyPayoutOutcome(t, event);
    case 'account.updated':
      return applyAccountUpdated(t, event);
    case 'payment_method.saved':
      return applyPaymentMethodSaved(t, event);
    case 'ignored':
      return;
  }
}

/** Queues one job per visit, committed with the transaction. */
function queueForVisits(t: EventTransaction, name: 'payment-charge' | 'payment-payout', rows: { visitId: string }[]) {
  return t.jobs.sendMany(
    name,
    rows.map((row) => ({ visitId: row.visitId })),
    { sql: t.sql },
  );
}

function lineOfCharge(event: ChargeEvent) {
  return or(eq(invoiceLines.providerReference, event.reference), event.visitId ? eq(invoiceLines.visitId, event.visitId) : undefined);
}

async function applyChargeFailed(t: EventTransaction, event: ChargeEvent) {
  const rows = await t.tx
    .update(invoiceLines)
    .set({ status: 'failed', providerReference: event.reference, failureMessage: event.failureMessage })
    .where(and(lineOfCharge(event), awaitsThisCharge(event.chargeReference ?? null)))
    .returning({ visitId: invoiceLines.visitId });
  for (const row of rows) await notePayoutAwaitsAgency(t.tx, row.visitId);
}

async function applyChargeSucceeded(t: EventTransaction, event: ChargeEvent) {
  // Money moved: honoured whatever the line shows (even failed, say after its job ran out of
  // retries while Stripe had in fact charged), once, as the line becomes paid only once.
  const rows = await t.tx
    .update(invoiceLines)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      providerReference: event.reference,
      chargeReference: sql`coalesce(${event.chargeReference ?? null}::text, ${invoiceLines.chargeReference})`,
      failureMessage: null,
    })
    .where(and(lineOfCharge(event), ne(invoiceLines.status, 'paid')))
    .returning({ visitId: invoiceLines.visitId, provider: invoiceLines.provider });
  for (const row of rows) await settleVisitIfPaid(t.tx, row.visitId);
  // Under Stripe the therapist's transfer waits for the agency's money; now it is in.
  await queueForVisits(t, 'payment-payout', rows.filter((row) => row.provider === 'stripe'));
}

async function applyPayoutOutcome(t: EventTransaction, event: EventOf<'payout.paid' | 'payout.failed'>) {
  const match = or(eq(payouts.providerReference, event.reference), event.visitId ? eq(payouts.visitId, event.visitId) : undefined);
  const paid = event.type === 'payout.paid';
  // A reversal takes back a paid transfer, so a failure may follow paid; a late 'paid' may not
  // undo it. It does settle a payout whose job gave up without hearing Stripe's answer
  // (PAYOUT_UNREACHABLE): the transfer went through, so the therapist is paid.
  const settles = or(
    inArray(payouts.status, ['pending', 'processing']),
    and(eq(payouts.status, 'failed'), eq(payouts.failureMessage, PAYOUT_UNREACHABLE)),
  );
  const rows = await t.tx
    .update(payouts)
    .set(
      paid
        ? { status: 'paid', paidAt: sql`now()`, providerReference: event.reference, failureMessage: null }
        : { status: 'failed', paidAt: null, failureMessage: event.failureMessage },
    )
    .where(and(match, paid ? settles : undefined))
    .returning({ visitId: payouts.visitId });
  for (const row of rows) await settleVisitIfPaid(t.tx, row.visitId);
}

async function applyAccountUpdated(t: EventTransaction, event: EventOf<'account.updated'>) {
  const [account] = await t.tx
    .update(paymentAccounts)
    .set({ payoutsEnabled: event.payoutsEnabled })
    .where(eq(paymentAccounts.accountId, event.accountId))
    .returning({ therapistId: paymentAccounts.userId });
  if (!account || !event.payoutsEnabled) return;
  // Payouts that waited for onboarding go out now.
  const waiting = await t.tx
    .select({ visitId: payouts.visitId })
    .from(payouts)
    .where(and(eq(payouts.therapistId, account.therapistId), eq(payouts.status, 'pending')));
  await queueForVisits(t, 'payment-payout', waiting);
}

async function applyPaymentMethodSaved(t: EventTransaction, event: EventOf<'payment_method.saved'>) {
  const [customer] = await t.tx
    .update(paymentCustomers)
    .set({ paymentMethodId: event.paymentMethodId, paymentMethodBrand: event.brand, paymentMethodLast4: event.last4, paymentMethodUpdatedAt: sql`now()` })
    .where(eq(paymentCustomers.customerId, event.customerId))
    .returning({ agencyId: paymentCustomers.agencyId });
  if (!customer) return;
  const ofAgency = and(eq(invoiceLines.agencyId, customer.agencyId), eq(invoiceLines.provider, 'stripe'));
  // Lines parked for a payment method, and failed ones as a new attempt under a new key. Each
  // row changes here once, so a second event for the same setup queues nothing again.
  const parked = await t.tx
    .update(invoiceLines)
    .set({ failureMessage: null })
    .where(and(ofAgency, eq(invoiceLines.status, 'pending'), eq(invoiceLines.failureMessage, AWAITING_PAYMENT_METHOD)))
    .returning({ visitId: invoiceLines.visitId });
  const failed = await t.tx
    .update(invoiceLines)
    .set({ status: 'pending', failureMessage: null, chargeAttempt: sql`${invoiceLines.chargeAttempt} + 1` })
    .where(and(ofAgency, eq(invoiceLines.status, 'failed')))
    .returning({ visitId: invoiceLines.visitId });
  await queueForVisits(t, 'payment-charge', [...parked, ...failed]);
}

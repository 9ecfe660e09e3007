import type Stripe from 'stripe';
import { PaymentDeclinedError, toCents, type ChargeResult, type PaymentProvider } from './provider';
import { callStripe, chargeFailure, idOf } from './stripe-client';

type ChargeInput = Parameters<PaymentProvider['chargeAgency']>[0];
type Payer = NonNullable<ChargeInput['payer']>;

/**
 * One PaymentIntent per visit, whatever happens to the cards: it is created unconfirmed with
 * parameters that depend on the visit alone, so a retry under the visit's key always matches the
 * first request (a key reused with other parameters is an idempotency_error that no retry cures),
 * and its id is stored before it is confirmed, so later attempts (even after Stripe forgets keys,
 * at 24 hours) confirm that one instead of creating another.
 */
export async function chargeAgency(stripe: Stripe, input: ChargeInput): Promise<ChargeResult> {
  const { visitId, payer } = input;
  // The job parks a line whose agency has no payment method; reaching here without one is a bug.
  if (!payer) throw new Error(`visit ${visitId}: no payment method to charge`);
  let intentId = input.payment;
  if (!intentId) {
    intentId = (await createVisitIntent(stripe, input, payer)).id;
    await input.onPaymentCreated(intentId);
  }
  return chargeOutcome(await confirmVisitIntent(stripe, intentId, input, payer));
}

function createVisitIntent(stripe: Stripe, { visitId, agencyId, amount, idempotencyKey }: ChargeInput, payer: Payer) {
  return callStripe(() =>
    stripe.paymentIntents.create(
      {
        amount: toCents(amount),
        currency: 'usd',
        customer: payer.customerId,
        description: `CareRelay visit ${visitId}`,
        transfer_group: `visit-${visitId}`,
        metadata: { visitId, agencyId },
      },
      { idempotencyKey },
    ),
  );
}

async function confirmVisitIntent(stripe: Stripe, id: string, { idempotencyKey, attempt }: ChargeInput, payer: Payer): Promise<Stripe.PaymentIntent> {
  try {
    // The key names the attempt and the card: a job retried through an outage repeats its own
    // confirmation (and gets Stripe's first answer), while a card saved meanwhile or an agency's
    // "Retry payment" is a new confirmation. A PaymentIntent succeeds at most once, so however
    // many confirmations there are, the visit is charged at most once.
    return await callStripe(() =>
      stripe.paymentIntents.confirm(
        id,
        { payment_method: payer.paymentMethodId, off_session: true },
        { idempotencyKey: `${idempotencyKey}-attempt-${attempt}-${payer.paymentMethodId}` },
      ),
    );
  } catch (error) {
    // Stripe refuses to confirm a payment that already succeeded or is processing (an earlier
    // confirmation whose answer was lost): that payment is the truth, so read it back.
    if (!(error instanceof PaymentDeclinedError && error.unexpectedState)) throw error;
    return stripe.paymentIntents.retrieve(id);
  }
}

function chargeOutcome(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { reference: intent.id, status: 'paid', chargeReference: idOf(intent.latest_charge) };
    case 'processing':
      return { reference: intent.id, status: 'processing', chargeReference: idOf(intent.latest_charge) };
    default:
      // requires_action (the bank wants the agency present), requires_payment_method (declined), canceled.
      throw new PaymentDeclinedError(
        chargeFailure(intent.last_payment_error?.message ?? 'The bank asked for the payment to be confirmed by the card holder.'),
        intent.id,
      );
  }
}

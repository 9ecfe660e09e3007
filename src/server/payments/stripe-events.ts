import type Stripe from 'stripe';
import { WebhookSignatureError, type PaymentEvent } from './provider';
import { chargeFailure, idOf } from './stripe-client';

/** Verifies a delivery by its signature over the exact bytes Stripe sent, then reduces it to a PaymentEvent. */
export function parseStripeWebhook(stripe: Stripe, webhookSecret: string | undefined, rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
  if (!webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured.');
  if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature.');
  }
  return toPaymentEvent(event);
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const failed = event.type === 'payment_intent.payment_failed';
      return {
        id: event.id,
        type: failed ? 'charge.failed' : 'charge.succeeded',
        reference: intent.id,
        visitId: intent.metadata?.visitId ?? null,
        failureMessage: failed ? chargeFailure(intent.last_payment_error?.message ?? 'The payment failed.') : null,
        chargeReference: idOf(intent.latest_charge),
      };
    }
    // Only setups CareRelay started (they carry the agency's id) change anyone's payment method.
    case 'checkout.session.completed': {
      const session = event.data.object;
      const setupIntentId = idOf(session.setup_intent);
      return session.mode === 'setup' && setupIntentId && session.metadata?.agencyId
        ? { id: event.id, type: 'payment_method.setup', setupIntentId }
        : { id: event.id, type: 'ignored', providerType: event.type };
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      return intent.metadata?.agencyId ? { id: event.id, type: 'payment_method.setup', setupIntentId: intent.id } : { id: event.id, type: 'ignored', providerType: event.type };
    }
    case 'transfer.created':
    case 'transfer.reversed': {
      const transfer = event.data.object;
      return {
        id: event.id,
        type: event.type === 'transfer.created' ? 'payout.paid' : 'payout.failed',
        reference: transfer.id,
        visitId: transfer.metadata?.visitId ?? null,
        failureMessage: event.type === 'transfer.reversed' ? 'The transfer was reversed.' : null,
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      return { id: event.id, type: 'account.updated', accountId: account.id, payoutsEnabled: account.payouts_enabled === true };
    }
    default:
      return { id: event.id, type: 'ignored', providerType: event.type };
  }
}

import Stripe from 'stripe';
import { PaymentDeclinedError, toCents, WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another API address (a local double in tests); unset: api.stripe.com. */
  apiUrl: string | undefined;
  /** Where the onboarding link returns the therapist to. */
  publicUrl: string;
}

/**
 * Stripe Connect with separate charges and transfers: the agency is charged per visit with a
 * PaymentIntent on the platform account (confirmed by the `payment_intent.succeeded` webhook), and
 * the therapist is paid with a transfer to their Express connected account. Both carry the visit's
 * idempotency key and its transfer group, so a retried job returns Stripe's first answer.
 *
 * The SDK's own retries are off: the job queue retries with backoff and the same key, one
 * mechanism a manager can see rather than two nested ones.
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
  });

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // A declined card or a request Stripe rejects will be refused again: no point retrying.
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new PaymentDeclinedError(error.message);
      }
      throw error;
    }
  }

  return {
    name: 'stripe',

    async chargeAgency({ visitId, agencyId, amount, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: toCents(amount),
            currency: 'usd',
            description: `CareRelay visit ${visitId}`,
            transfer_group: `visit-${visitId}`,
            metadata: { visitId, agencyId },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        ),
      );
      return { reference: intent.id, status: intent.status === 'succeeded' ? 'paid' : 'processing' };
    },

    async payTherapist({ visitId, therapistId, amount, idempotencyKey, destinationAccount }) {
      if (!destinationAccount) throw new PaymentDeclinedError('The therapist has not finished payment onboarding.');
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: toCents(amount),
            currency: 'usd',
            destination: destinationAccount,
            transfer_group: `visit-${visitId}`,
            metadata: { visitId, therapistId },
          },
          { idempotencyKey },
        ),
      );
      // A transfer moves the funds to the connected account when it is created.
      return { reference: transfer.id, status: 'paid' };
    },

    async createOnboardingLink({ therapistId, email, existingAccountId }) {
      const accountId =
        existingAccountId ??
        (
          await call(() =>
            stripe.accounts.create(
              { type: 'express', country: 'US', email, capabilities: { transfers: { requested: true } }, metadata: { therapistId } },
              { idempotencyKey: `therapist-${therapistId}-account` },
            ),
          )
        ).id;
      const back = `${options.publicUrl}/dashboard/therapist/payments`;
      const link = await call(() =>
        stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: `${back}?onboarding=refresh`, return_url: `${back}?onboarding=done` }),
      );
      return { accountId, url: link.url };
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured.');
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature.');
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        id: event.id,
        type: event.type === 'payment_intent.succeeded' ? 'charge.succeeded' : 'charge.failed',
        reference: intent.id,
        visitId: intent.metadata?.visitId ?? null,
        failureMessage: intent.last_payment_error?.message ?? (event.type === 'payment_intent.payment_failed' ? 'The payment failed.' : null),
      };
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

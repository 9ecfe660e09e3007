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
 * Stripe Connect with separate charges and transfers: the agency (a Stripe customer whose payment
 * method was saved through Checkout in setup mode) is charged per visit off-session with a
 * PaymentIntent on the platform account, and once that charge has succeeded the therapist is paid
 * with a transfer to their Express connected account drawn from it (`source_transaction`). Both
 * carry the visit's idempotency key and its transfer group, so a retried job returns Stripe's
 * first answer.
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
      if (error instanceof Stripe.errors.StripeCardError) {
        throw new PaymentDeclinedError(chargeFailure(error.message), error.payment_intent?.id ?? null);
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const declined = new PaymentDeclinedError(error.message, error.payment_intent?.id ?? null);
        declined.unexpectedState = error.code === 'payment_intent_unexpected_state';
        throw declined;
      }
      throw error;
    }
  }

  /** A transfer of the group to this account that has not been fully reversed (a reversed one paid nothing). */
  async function findLiveTransfer(transferGroup: string, destination: string): Promise<Stripe.Transfer | null> {
    // Not through call(): a refused lookup is no decline of the payout, so the job retries it.
    for await (const transfer of stripe.transfers.list({ transfer_group: transferGroup, limit: 100 })) {
      if (idOf(transfer.destination) === destination && !transfer.reversed) return transfer;
    }
    return null;
  }

  return {
    name: 'stripe',

    async chargeAgency({ visitId, agencyId, amount, idempotencyKey, payer, attempt, payment, onPaymentCreated }) {
      // The job parks a line whose agency has no payment method; reaching here without one is a bug.
      if (!payer) throw new Error(`visit ${visitId}: no payment method to charge`);
      // One PaymentIntent per visit, whatever happens to the cards: it is created unconfirmed with
      // parameters that depend on the visit alone, so a retry under the visit's key always matches
      // the first request (a key reused with other parameters is an idempotency_error that no
      // retry cures), and its id is stored before it is confirmed, so later attempts (even after
      // Stripe forgets keys, at 24 hours) confirm that one instead of creating another.
      let intentId = payment;
      if (!intentId) {
        const created = await call(() =>
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
        intentId = created.id;
        await onPaymentCreated(intentId);
      }
      const id = intentId;
      let intent: Stripe.PaymentIntent;
      try {
        // The key names the attempt and the card: a job retried through an outage repeats its own
        // confirmation (and gets Stripe's first answer), while a card saved meanwhile or an agency's
        // "Retry payment" is a new confirmation. A PaymentIntent succeeds at most once, so however
        // many confirmations there are, the visit is charged at most once.
        intent = await call(() =>
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
        intent = await stripe.paymentIntents.retrieve(id);
      }
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
    },

    async payTherapist({ visitId, therapistId, amount, idempotencyKey, destinationAccount, sourceCharge, attempt }) {
      if (!destinationAccount) throw new PaymentDeclinedError('The therapist has not finished payment onboarding.');
      // The payout job waits for the agency's charge; reaching here without one is a bug.
      if (!sourceCharge) throw new Error(`visit ${visitId}: no agency charge to transfer from`);
      const transferGroup = `visit-${visitId}`;
      if (attempt > 1) {
        // A retry after a failure: an earlier attempt may have made the transfer although its answer
        // was lost (then it failed as unreachable), and Stripe forgets idempotency keys after 24
        // hours, so the key alone cannot be trusted to find it. Stripe's own list of the visit's
        // transfers can: a live one to this therapist is the payout, and nothing is created.
        const earlier = await findLiveTransfer(transferGroup, destinationAccount);
        if (earlier) return { reference: earlier.id, status: 'paid' };
      }
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: toCents(amount),
            currency: 'usd',
            destination: destinationAccount,
            // Drawn from the agency's charge: if that charge is refunded or disputed, the platform is not out of pocket first.
            source_transaction: sourceCharge,
            transfer_group: transferGroup,
            metadata: { visitId, therapistId },
          },
          // Attempt 1 keeps the key transfers have always had (a retried job gets Stripe's first
          // answer). A later attempt needs its own: under the old one Stripe would repeat the old
          // answer, a decline included, for 24 hours.
          { idempotencyKey: attempt === 1 ? idempotencyKey : `${idempotencyKey}-attempt-${attempt}` },
        ),
      );
      // A transfer moves the funds to the connected account when it is created.
      return { reference: transfer.id, status: 'paid' };
    },

    async createCustomer({ agencyId, email, name }) {
      const customer = await call(() =>
        stripe.customers.create({ email, name, metadata: { agencyId } }, { idempotencyKey: `agency-${agencyId}-customer` }),
      );
      return customer.id;
    },

    async createPaymentMethodSetup({ agencyId, customerId }) {
      const back = `${options.publicUrl}/dashboard/agency/invoices`;
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'setup',
          customer: customerId,
          currency: 'usd',
          client_reference_id: agencyId,
          metadata: { agencyId },
          setup_intent_data: { metadata: { agencyId } },
          success_url: `${back}?payment-method=saved`,
          cancel_url: `${back}?payment-method=cancelled`,
        }),
      );
      if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
      return { url: session.url };
    },

    async savePaymentMethod({ setupIntentId }) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      const customerId = idOf(intent.customer);
      const method = typeof intent.payment_method === 'string' ? await stripe.paymentMethods.retrieve(intent.payment_method) : intent.payment_method;
      if (!customerId || !method) throw new Error(`SetupIntent ${setupIntentId} has no customer or payment method`);
      // The default method is what Stripe (and the next person reading the Dashboard) uses for this customer.
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
      return {
        customerId,
        paymentMethodId: method.id,
        brand: method.card?.brand ?? method.type,
        last4: method.card?.last4 ?? method.us_bank_account?.last4 ?? null,
      };
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

/** What the agency reads on a failed line: the bank's reason and what to do about it. */
function chargeFailure(reason: string): string {
  return `${reason.trim().replace(/\.?$/, '.')} Update your payment method to try again.`;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
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

import type Stripe from 'stripe';
import type { PaymentProvider, SavedPaymentMethod } from './provider';
import { callStripe, idOf } from './stripe-client';

type Input<M extends Exclude<keyof PaymentProvider, 'name'>> = Parameters<PaymentProvider[M]>[0];

/** The agency's Stripe customer, one per agency whatever the retries (the key names the agency). */
export async function createCustomer(stripe: Stripe, { agencyId, email, name }: Input<'createCustomer'>): Promise<string> {
  const customer = await callStripe(() =>
    stripe.customers.create({ email, name, metadata: { agencyId } }, { idempotencyKey: `agency-${agencyId}-customer` }),
  );
  return customer.id;
}

/** Checkout in setup mode for the agency's customer, returning to the agency's invoices page. */
export async function createPaymentMethodSetup(
  stripe: Stripe,
  publicUrl: string,
  { agencyId, customerId }: Input<'createPaymentMethodSetup'>,
): Promise<{ url: string }> {
  const back = `${publicUrl}/dashboard/agency/invoices`;
  const session = await callStripe(() =>
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
}

export async function savePaymentMethod(stripe: Stripe, { setupIntentId }: Input<'savePaymentMethod'>): Promise<SavedPaymentMethod> {
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
}

/** The therapist's Express account (created once, keyed by the therapist) and a fresh onboarding link to it. */
export async function createOnboardingLink(
  stripe: Stripe,
  publicUrl: string,
  { therapistId, email, existingAccountId }: Input<'createOnboardingLink'>,
): Promise<{ accountId: string; url: string }> {
  const accountId =
    existingAccountId ??
    (
      await callStripe(() =>
        stripe.accounts.create(
          { type: 'express', country: 'US', email, capabilities: { transfers: { requested: true } }, metadata: { therapistId } },
          { idempotencyKey: `therapist-${therapistId}-account` },
        ),
      )
    ).id;
  const back = `${publicUrl}/dashboard/therapist/payments`;
  const link = await callStripe(() =>
    stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: `${back}?onboarding=refresh`, return_url: `${back}?onboarding=done` }),
  );
  return { accountId, url: link.url };
}

import type { PaymentProvider } from './provider';
import { createCustomer, createOnboardingLink, createPaymentMethodSetup, savePaymentMethod } from './stripe-accounts';
import { chargeAgency } from './stripe-charges';
import { createStripeClient } from './stripe-client';
import { parseStripeWebhook } from './stripe-events';
import { payTherapist } from './stripe-transfers';

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
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = createStripeClient(options.secretKey, options.apiUrl);
  return {
    name: 'stripe',
    chargeAgency: (input) => chargeAgency(stripe, input),
    payTherapist: (input) => payTherapist(stripe, input),
    createCustomer: (input) => createCustomer(stripe, input),
    createPaymentMethodSetup: (input) => createPaymentMethodSetup(stripe, options.publicUrl, input),
    savePaymentMethod: (input) => savePaymentMethod(stripe, input),
    createOnboardingLink: (input) => createOnboardingLink(stripe, options.publicUrl, input),
    parseWebhook: (rawBody, signatureHeader) => parseStripeWebhook(stripe, options.webhookSecret, rawBody, signatureHeader),
  };
}

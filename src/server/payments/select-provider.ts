import type { Config } from '../config';
import { createLedgerProvider } from './ledger-provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

/** Stripe Connect when STRIPE_SECRET_KEY is set, otherwise the built-in ledger. */
export function createPaymentProvider(config: Pick<Config, 'stripe' | 'publicUrl'>): PaymentProvider {
  return config.stripe ? createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl }) : createLedgerProvider();
}

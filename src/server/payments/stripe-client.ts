import Stripe from 'stripe';
import { PaymentDeclinedError } from './provider';

/**
 * The SDK's own retries are off: the job queue retries with backoff and the same key, one
 * mechanism a manager can see rather than two nested ones.
 */
export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** Runs one Stripe request, turning Stripe's final refusals into `PaymentDeclinedError`. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
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

/** What the agency reads on a failed line: the bank's reason and what to do about it. */
export function chargeFailure(reason: string): string {
  return `${reason.trim().replace(/\.?$/, '.')} Update your payment method to try again.`;
}

/** The id of a field Stripe sends either as an id or, when expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}


/**
 * How money moves for a payable visit. The jobs and the webhook speak only to this interface, so
 * the built-in ledger (manual settlement) and Stripe Connect are interchangeable. Every money
 * movement carries an idempotency key derived from the visit: a retried job asks the provider for
 * the same charge or transfer again and gets the first one back, never a second one.
 */
export interface PaymentProvider {
  /** Stored on invoice lines and payouts ('ledger' | 'stripe'). */
  readonly name: 'ledger' | 'stripe';
  /** Charges the agency for one visit. `pending`: nothing moved (ledger); `processing`: awaiting the provider's confirmation. */
  chargeAgency(input: { visitId: string; agencyId: string; amount: number; idempotencyKey: string }): Promise<ProviderResult>;
  /** Pays the therapist for one visit into their connected account. */
  payTherapist(input: { visitId: string; therapistId: string; amount: number; idempotencyKey: string; destinationAccount: string | null }): Promise<ProviderResult>;
  /** Creates (or reuses) the therapist's connected account and an onboarding link; null when the provider has none (ledger). */
  createOnboardingLink(input: { therapistId: string; email: string; existingAccountId: string | null }): Promise<{ accountId: string; url: string } | null>;
  /** Verifies a webhook delivery; throws `WebhookSignatureError` when it is not the provider's. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export interface ProviderResult {
  /** The provider's id of the charge or transfer; null when nothing was sent anywhere. */
  reference: string | null;
  status: 'pending' | 'processing' | 'paid';
}

/** A verified webhook event, reduced to what CareRelay acts on. */
export type PaymentEvent =
  | { id: string; type: 'charge.succeeded' | 'charge.failed'; reference: string; visitId: string | null; failureMessage: string | null }
  | { id: string; type: 'payout.paid' | 'payout.failed'; reference: string; visitId: string | null; failureMessage: string | null }
  | { id: string; type: 'account.updated'; accountId: string; payoutsEnabled: boolean }
  | { id: string; type: 'ignored'; providerType: string };

/** The provider refused the payment for good (card declined, invalid request): retrying will not help. */
export class PaymentDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Amounts are stored in dollars with cents (numeric 10,2); providers take whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

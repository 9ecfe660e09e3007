
/**
 * How money moves for a payable visit. The jobs and the webhook speak only to this interface, so
 * the built-in ledger (manual settlement) and Stripe Connect are interchangeable. Every money
 * movement carries an idempotency key derived from the visit: a retried job asks the provider for
 * the same charge or transfer again and gets the first one back, never a second one.
 */
export interface PaymentProvider {
  /** Stored on invoice lines and payouts ('ledger' | 'stripe'). */
  readonly name: 'ledger' | 'stripe';
  /**
   * Charges the agency for one visit. `pending`: nothing moved (ledger); `processing`: awaiting the
   * provider's confirmation; `paid`: the money is in. Under Stripe `payer` is the agency's customer
   * and saved payment method (charged off-session); `payment` is the visit's payment at the provider
   * when one was created already (to be confirmed again rather than created twice), and
   * `onPaymentCreated` stores a new one's id before it is confirmed. `attempt` counts the line's
   * retries after a failure: each is a new confirmation with its own idempotency key.
   */
  chargeAgency(input: {
    visitId: string;
    agencyId: string;
    amount: number;
    idempotencyKey: string;
    payer: { customerId: string; paymentMethodId: string } | null;
    attempt: number;
    payment: string | null;
    onPaymentCreated: (reference: string) => Promise<void>;
  }): Promise<ChargeResult>;
  /**
   * Pays the therapist for one visit into their connected account. `sourceCharge` is the agency's
   * charge for the visit: the transfer draws on those funds, never on the platform's balance.
   * `attempt` counts the payout's retries after a failure (a manager's "Retry payout"): each is a
   * new request under its own idempotency key, which first looks for a transfer an earlier attempt
   * made, so however many attempts there are, the therapist is paid for the visit at most once.
   */
  payTherapist(input: {
    visitId: string;
    therapistId: string;
    amount: number;
    idempotencyKey: string;
    destinationAccount: string | null;
    sourceCharge: string | null;
    attempt: number;
  }): Promise<ProviderResult>;
  /** Creates (or reuses) the therapist's connected account and an onboarding link; null when the provider has none (ledger). */
  createOnboardingLink(input: { therapistId: string; email: string; existingAccountId: string | null }): Promise<{ accountId: string; url: string } | null>;
  /** Creates the agency's customer (idempotent per agency); null when the provider has none (ledger). */
  createCustomer(input: { agencyId: string; email: string; name: string }): Promise<string | null>;
  /** A hosted page where the agency saves a payment method for that customer; null under the ledger. */
  createPaymentMethodSetup(input: { agencyId: string; customerId: string }): Promise<{ url: string } | null>;
  /**
   * Reads the payment method a completed setup saved and makes it the customer's default. Throws
   * (to be retried by the provider's redelivery) when the provider cannot be reached.
   */
  savePaymentMethod(input: { setupIntentId: string }): Promise<SavedPaymentMethod>;
  /** Verifies a webhook delivery; throws `WebhookSignatureError` when it is not the provider's. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export interface ProviderResult {
  /** The provider's id of the charge or transfer; null when nothing was sent anywhere. */
  reference: string | null;
  status: 'pending' | 'processing' | 'paid';
}

export interface ChargeResult extends ProviderResult {
  /** Stripe: the charge that moved the agency's money (a PaymentIntent's latest_charge), once there is one. */
  chargeReference: string | null;
}

export interface SavedPaymentMethod {
  customerId: string;
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
}

/** A verified webhook event, reduced to what CareRelay acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: 'charge.succeeded' | 'charge.failed';
      reference: string;
      visitId: string | null;
      failureMessage: string | null;
      /** The charge behind a succeeded payment (the transfer's source_transaction). */
      chargeReference?: string | null;
    }
  | { id: string; type: 'payout.paid' | 'payout.failed'; reference: string; visitId: string | null; failureMessage: string | null }
  | { id: string; type: 'account.updated'; accountId: string; payoutsEnabled: boolean }
  /** A setup finished (Checkout in setup mode, or its SetupIntent): the method still has to be read with savePaymentMethod. */
  | { id: string; type: 'payment_method.setup'; setupIntentId: string }
  /** What savePaymentMethod found, ready to record. */
  | ({ id: string; type: 'payment_method.saved' } & SavedPaymentMethod)
  | { id: string; type: 'ignored'; providerType: string };

/** The provider refused the payment for good (card declined, invalid request): retrying will not help. */
export class PaymentDeclinedError extends Error {
  /** The provider's payment that was declined (kept so a retry confirms that one again), if any. */
  readonly reference: string | null;
  /** The provider refused because the payment is no longer in a state to be confirmed (it succeeded or is processing). */
  unexpectedState = false;
  constructor(message: string, reference: string | null = null) {
    super(message);
    this.reference = reference;
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

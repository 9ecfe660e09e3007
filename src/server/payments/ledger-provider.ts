import type { PaymentProvider } from './provider';

/**
 * The built-in ledger: invoice lines and payouts are recorded and stay pending until a manager
 * settles them outside the platform and marks them paid. Nothing leaves the building.
 */
export function createLedgerProvider(): PaymentProvider {
  return {
    name: 'ledger',
    chargeAgency: async () => ({ reference: null, status: 'pending' }),
    payTherapist: async () => ({ reference: null, status: 'pending' }),
    createOnboardingLink: async () => null,
    parseWebhook: () => {
      throw new Error('the ledger provider receives no webhooks');
    },
  };
}

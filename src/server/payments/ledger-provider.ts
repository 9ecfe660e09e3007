import type { PaymentProvider } from './provider';

/**
 * The built-in ledger: invoice lines and payouts are recorded and stay pending until a manager
 * settles them outside the platform and marks them paid. Nothing leaves the building.
 */
export function createLedgerProvider(): PaymentProvider {
  return {
    name: 'ledger',
    chargeAgency: async () => ({ reference: null, status: 'pending', chargeReference: null }),
    payTherapist: async () => ({ reference: null, status: 'pending' }),
    createOnboardingLink: async () => null,
    createCustomer: async () => null,
    createPaymentMethodSetup: async () => null,
    savePaymentMethod: () => Promise.reject(new Error('the ledger provider saves no payment methods')),
    parseWebhook: () => {
      throw new Error('the ledger provider receives no webhooks');
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/session';
import { inTransaction, type Database } from '../db/client';
import { agencyProfiles, paymentCustomers } from '../db/schema/index';
import { AppError } from '../errors';
import { AWAITING_PAYMENT_METHOD } from './jobs';
import type { PaymentProvider } from './provider';
import { countLinesAwaitingPaymentMethod, findPaymentCustomer } from './queries';
import type { AgencyPaymentMethod } from './schemas';

export const LEDGER_PAYMENT_METHOD_MESSAGE =
  'Invoices are settled with the CareRelay team outside the platform, so there is no payment method to add.';

interface Deps {
  database: Database;
  payments: PaymentProvider;
}

/**
 * The agency's customer at the provider, created the first time it is needed. Concurrent first
 * requests (two tabs, a double click) queue on an advisory lock held while Stripe is asked, so
 * exactly one customer is created and stored; the Stripe idempotency key per agency covers a
 * crash between Stripe's answer and the commit. Null under the ledger.
 */
export async function ensureAgencyCustomer(deps: Deps, agencyId: string): Promise<string | null> {
  const existing = await findPaymentCustomer(deps.database.db, agencyId);
  if (existing) return existing.customerId;
  return inTransaction(deps.database, async ({ tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-customer:${agencyId}`}, 0))`);
    const [again] = await tx.select({ customerId: paymentCustomers.customerId }).from(paymentCustomers).where(eq(paymentCustomers.agencyId, agencyId));
    if (again) return again.customerId;
    const [profile] = await tx
      .select({ name: agencyProfiles.companyName, email: agencyProfiles.contactEmail })
      .from(agencyProfiles)
      .where(eq(agencyProfiles.id, agencyId));
    if (!profile) throw new AppError('FORBIDDEN', 'Complete onboarding first.');
    const customerId = await deps.payments.createCustomer({ agencyId, email: profile.email, name: profile.name });
    if (!customerId) return null;
    await tx.insert(paymentCustomers).values({ agencyId, provider: deps.payments.name, customerId });
    return customerId;
  });
}

/**
 * Starts saving a payment method: a Stripe Checkout page (setup mode) for the agency's customer
 * that returns to the invoices page. The method itself is recorded from the webhook, which is
 * the only word that the setup really completed. Under the ledger, a message that none is needed.
 */
export async function startPaymentMethodSetup(deps: Deps, options: { actor: Actor }): Promise<{ url: string | null; message: string }> {
  if (deps.payments.name !== 'stripe') return { url: null, message: LEDGER_PAYMENT_METHOD_MESSAGE };
  try {
    const customerId = await ensureAgencyCustomer(deps, options.actor.userId);
    if (!customerId) return { url: null, message: LEDGER_PAYMENT_METHOD_MESSAGE };
    const setup = await deps.payments.createPaymentMethodSetup({ agencyId: options.actor.userId, customerId });
    if (!setup) return { url: null, message: LEDGER_PAYMENT_METHOD_MESSAGE };
    return { url: setup.url, message: 'Continue to Stripe to add your payment method.' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Stripe refused or could not be reached: nothing was saved and the agency can simply try again.
    const unavailable = new AppError('UNAVAILABLE', 'Stripe could not be reached to add a payment method. Please try again in a moment.');
    unavailable.cause = error;
    throw unavailable;
  }
}

/** What the agency (and only it) sees of its payment method: the brand and last four digits. */
export async function getAgencyPaymentMethod(deps: Deps, options: { actor: Actor }): Promise<AgencyPaymentMethod> {
  const agencyId = options.actor.userId;
  const [customer, awaiting] = await Promise.all([
    findPaymentCustomer(deps.database.db, agencyId),
    countLinesAwaitingPaymentMethod(deps.database.db, agencyId, AWAITING_PAYMENT_METHOD),
  ]);
  return {
    provider: deps.payments.name,
    paymentMethod:
      customer?.paymentMethodId
        ? { brand: customer.paymentMethodBrand, last4: customer.paymentMethodLast4, updatedAt: customer.paymentMethodUpdatedAt?.toISOString() ?? null }
        : null,
    linesAwaitingPaymentMethod: awaiting,
    message: deps.payments.name === 'stripe' ? (customer?.paymentMethodId ? null : AWAITING_PAYMENT_METHOD) : LEDGER_PAYMENT_METHOD_MESSAGE,
  };
}

import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { payouts, type invoiceLines } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import type { PaymentProvider } from './provider';

/** What the charge and payout jobs share: their dependencies and the notes they leave on a line or payout. */
export interface PaymentJobDeps {
  database: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
}

export const AWAITING_ONBOARDING = 'Waiting for the therapist to finish payment onboarding.';
/** Shown to the agency and managers on a Stripe line parked until the agency saves a payment method. */
export const AWAITING_PAYMENT_METHOD = 'Add a payment method to pay for completed visits.';
/** Shown on a line whose charge job ran out of retries (the provider could not be reached); "Retry payment" queues it again. */
export const CHARGE_UNREACHABLE = 'We could not reach the payment provider. Retry the payment to charge this visit.';
/** Shown to the therapist on a Stripe payout that waits for the agency's charge to succeed. */
export const AWAITING_AGENCY_PAYMENT = "Waiting for the agency's payment for this visit to go through.";

/** Shown on a payout whose job ran out of retries (the provider could not be reached); a manager's "Retry payout" queues it again. */
export const PAYOUT_UNREACHABLE = 'We could not reach the payment provider. Retry the payout to pay this visit.';

/**
 * Kept on the row while the job queue retries, so a manager sees why it is not paid yet. `thisAttempt`
 * names the row and the attempt the job read: an old attempt's job does not write over a newer one.
 */
export async function noteFailure(database: Database, table: typeof invoiceLines | typeof payouts, thisAttempt: SQL | undefined, error: unknown) {
  const message = error instanceof Error ? error.message.slice(0, 300) : 'Payment provider error';
  await database.db
    .update(table)
    .set({ failureMessage: `Retrying: ${message}` })
    .where(and(thisAttempt, inArray(table.status, ['pending', 'processing'])))
    .catch(() => {});
}

/** Tells the therapist (on their payout) why it has not gone out: the agency's payment has not gone through. */
export function notePayoutAwaitsAgency(db: Db, visitId: string) {
  return db
    .update(payouts)
    .set({ failureMessage: AWAITING_AGENCY_PAYMENT })
    .where(and(eq(payouts.visitId, visitId), eq(payouts.status, 'pending')));
}

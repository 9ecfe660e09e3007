import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createChargeJob } from './charge-job';
import { createPayoutJob } from './payout-job';
import type { PaymentProvider } from './provider';

/** Starts the workers of 'payment-charge' and 'payment-payout' with the provider chosen at start-up. */
export async function registerPaymentJobs(deps: { database: Database; jobs: JobQueue; payments: PaymentProvider }) {
  await deps.jobs.work('payment-charge', createChargeJob(deps));
  await deps.jobs.work('payment-payout', createPayoutJob(deps));
}

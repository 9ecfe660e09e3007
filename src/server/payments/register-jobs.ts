import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createChargeJob, createPayoutJob } from './jobs';
import { createPaymentProvider } from './select-provider';

/** Starts the workers of 'payment-charge' and 'payment-payout' with the configured provider. */
export async function registerPaymentJobs(deps: { config: Config; database: Database; jobs: JobQueue }) {
  const provider = createPaymentProvider(deps.config);
  await deps.jobs.work('payment-charge', createChargeJob({ database: deps.database, jobs: deps.jobs, provider }));
  await deps.jobs.work('payment-payout', createPayoutJob({ database: deps.database, jobs: deps.jobs, provider }));
}

/** The provider name makeVisitPayable records on new invoice lines and payouts. */
export function paymentProviderName(config: Pick<Config, 'stripe'>): 'ledger' | 'stripe' {
  return config.stripe ? 'stripe' : 'ledger';
}

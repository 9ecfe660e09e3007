import type { Database } from '../src/server/db/client';
import { inTransaction } from '../src/server/db/client';
import type { JobQueue } from '../src/server/jobs/queue';
import { makeVisitPayable } from '../src/server/payments/payable';
import { buildVisit } from './visit-fixtures';

/**
 * A documented visit of yesterday of a new matched referral, made payable as approving its note
 * does (its own transaction): an evaluation at 150.00 unless told otherwise.
 */
export async function buildPayableVisit(
  runtime: { database: Database; jobs: JobQueue },
  options: { agencyId?: string; therapistId?: string; rate?: number; serviceId?: string; provider?: string } = {},
) {
  const { provider, ...overrides } = options;
  const yesterday = Date.now() - 86_400_000;
  const visit = await buildVisit(runtime.database.db, {
    status: 'documented',
    scheduledStart: new Date(yesterday),
    checkInAt: new Date(yesterday),
    checkOutAt: new Date(yesterday + 3_600_000),
    ...overrides,
  });
  await inTransaction(runtime.database, (t) => makeVisitPayable(t, runtime.jobs, { visitId: visit.id, provider: provider ?? 'ledger' }));
  return visit;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export { StripeDouble, type CardOutcome, type StripeRequest } from './stripe-double';

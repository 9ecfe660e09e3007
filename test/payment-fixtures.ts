import type { Database, Db } from '../src/server/db/client';
import { inTransaction } from '../src/server/db/client';
import { visits } from '../src/server/db/schema/index';
import type { JobQueue } from '../src/server/jobs/queue';
import { makeVisitPayable } from '../src/server/payments/payable';
import { insertReferral } from './referral-fixtures';

/**
 * Inserts a documented visit of a matched referral straight into the database, for payment tests
 * (the visits API has its own tests): an evaluation at 150.00 unless told otherwise.
 */
export async function insertVisit(db: Db, options: { agencyId: string; therapistId: string; rate?: number; serviceId?: string }) {
  const referral = await insertReferral(db, { agencyId: options.agencyId, status: 'in_progress', matchedTherapistId: options.therapistId });
  const [visit] = await db
    .insert(visits)
    .values({
      referralId: referral.id,
      agencyId: options.agencyId,
      therapistId: options.therapistId,
      serviceId: options.serviceId ?? 'evaluation',
      status: 'documented',
      scheduledStart: new Date(Date.now() - 86_400_000),
      checkInAt: new Date(Date.now() - 86_400_000),
      checkOutAt: new Date(Date.now() - 82_800_000),
      rate: options.rate ?? 150,
    })
    .returning();
  if (!visit) throw new Error('visit insert returned no row');
  return visit;
}

/** A visit made payable as approving its note does (its own transaction). */
export async function insertPayableVisit(
  runtime: { database: Database; jobs: JobQueue },
  options: { agencyId: string; therapistId: string; rate?: number; provider?: string },
) {
  const visit = await insertVisit(runtime.database.db, options);
  await inTransaction(runtime.database, (t) => makeVisitPayable(t, runtime.jobs, { visitId: visit.id, provider: options.provider ?? 'ledger' }));
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

import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/session';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { invoiceLines } from '../db/schema/index';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { findAgencyInvoiceLine, findPaymentRowAllTenants } from './queries';
import type { InvoiceLineItem } from './schemas';
import { type RequestClient } from '../http/request-client';

interface Deps {
  database: Database;
  jobs: JobQueue;
}

/** Why a line that is not failed cannot be retried, in the agency's words. */
const NOT_RETRYABLE: Record<'pending' | 'processing' | 'paid', string> = {
  pending: 'This payment is already being charged. Only a failed payment can be retried.',
  processing: 'This payment is being processed by the bank. Only a failed payment can be retried.',
  paid: 'This visit is already paid.',
};

/**
 * "Retry payment": the agency charges a failed line of its own again with its saved payment
 * method, as a new attempt (its own idempotency key at the provider, and the attempt a late event
 * of the old one cannot overwrite). The status check and the change happen under the line's row
 * lock with the job queued in the same transaction, so a double click queues one charge: the
 * second finds the line pending and gets 409. Another agency's line is not found (404). Audited.
 */
export async function retryInvoiceLine(deps: Deps, options: { actor: Actor; lineId: string; client: RequestClient }): Promise<InvoiceLineItem> {
  const agencyId = options.actor.userId;
  await requeueFailedLine(deps, { ...options, where: and(eq(invoiceLines.id, options.lineId), eq(invoiceLines.agencyId, agencyId)) });
  const item = await findAgencyInvoiceLine(deps.database.db, agencyId, options.lineId);
  if (!item) throw new AppError('NOT_FOUND', 'No such invoice line.');
  return item;
}

/** ALL TENANTS — managers only: the same retry on any agency's failed line, from the payments ledger. */
export async function retryInvoiceLineAllTenants(deps: Deps, options: { actor: Actor; lineId: string; client: RequestClient }): Promise<InvoiceLineItem> {
  await requeueFailedLine(deps, { ...options, where: eq(invoiceLines.id, options.lineId) });
  const item = await findPaymentRowAllTenants(deps.database.db, 'invoice-line', options.lineId);
  if (!item) throw new AppError('NOT_FOUND', 'No such invoice line.');
  return item;
}

async function requeueFailedLine(deps: Deps, options: { actor: Actor; lineId: string; client: RequestClient; where: SQL | undefined }) {
  await inTransaction(deps.database, async (t) => {
    const [line] = await t.tx.select({ status: invoiceLines.status, visitId: invoiceLines.visitId }).from(invoiceLines).where(options.where).for('update');
    if (!line) throw new AppError('NOT_FOUND', 'No such invoice line.');
    if (line.status !== 'failed') throw new AppError('CONFLICT', NOT_RETRYABLE[line.status]);
    const [retried] = await t.tx
      .update(invoiceLines)
      .set({ status: 'pending', failureMessage: null, chargeAttempt: sql`${invoiceLines.chargeAttempt} + 1` })
      .where(and(options.where, eq(invoiceLines.status, 'failed')))
      .returning({ attempt: invoiceLines.chargeAttempt });
    if (!retried) throw new AppError('CONFLICT', NOT_RETRYABLE.pending);
    await deps.jobs.send('payment-charge', { visitId: line.visitId }, { sql: t.sql });
    await writeAudit(t.tx, {
      actorUserId: options.actor.userId,
      action: 'payment.charge_retried',
      entityType: 'invoice_line',
      entityId: options.lineId,
      outcome: 'success',
      ipAddress: options.client.ipAddress,
      userAgent: options.client.userAgent,
      details: { visitId: line.visitId, attempt: retried.attempt },
    });
  });
}

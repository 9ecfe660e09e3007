import { and, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import { inTransaction, type Database } from '../db/client';
import { invoiceLines, paymentAccounts, payouts, therapistProfiles } from '../db/schema/index';
import { AppError } from '../errors';
import type { PaymentProvider } from './provider';
import { findPaymentAccount, findPaymentRowAllTenants, settleVisitIfPaid } from './queries';
import type { InvoiceLineItem } from './schemas';
import type { RequestClient } from '../http/request-client';

export const LEDGER_ONBOARDING_MESSAGE =
  'Payouts are recorded in the CareRelay ledger and settled by our team, so there is no payment account to set up.';

/**
 * A manager records that an invoice line or payout was settled outside the platform (the ledger's
 * manual settlement). Audited in the same transaction; marking a paid row again is a conflict.
 */
export async function markPaid(
  deps: { database: Database },
  options: { actor: Actor; kind: 'invoice-line' | 'payout'; id: string; client: RequestClient },
): Promise<InvoiceLineItem> {
  const table = options.kind === 'invoice-line' ? invoiceLines : payouts;
  const action = options.kind === 'invoice-line' ? 'payment.invoice_line_marked_paid' : 'payment.payout_marked_paid';
  await inTransaction(deps.database, async ({ tx }) => {
    const [row] = await tx.select({ status: table.status, visitId: table.visitId }).from(table).where(eq(table.id, options.id)).for('update');
    const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      writeAudit(tx, {
        actorUserId: options.actor.userId,
        action,
        entityType: options.kind === 'invoice-line' ? 'invoice_line' : 'payout',
        entityId: options.id,
        outcome,
        ipAddress: options.client.ipAddress,
        userAgent: options.client.userAgent,
        details,
      });
    if (!row) throw new AppError('NOT_FOUND', options.kind === 'invoice-line' ? 'No such invoice line.' : 'No such payout.');
    if (row.status === 'paid') throw new AppError('CONFLICT', 'This is already marked paid.');
    await tx
      .update(table)
      .set({ status: 'paid', paidAt: sql`now()`, failureMessage: null })
      .where(and(eq(table.id, options.id)));
    await settleVisitIfPaid(tx, row.visitId);
    await audit('success', { visitId: row.visitId, previousStatus: row.status });
  });
  const item = await findPaymentRowAllTenants(deps.database.db, options.kind, options.id);
  if (!item) throw new AppError('NOT_FOUND', 'No such record.');
  return item;
}

/**
 * The therapist's Stripe Connect onboarding link (creating their connected account the first
 * time), or under the ledger a message saying none is needed.
 */
export async function startOnboarding(deps: { database: Database; payments: PaymentProvider }, options: { actor: Actor }) {
  const therapistId = options.actor.userId;
  const [profile] = await deps.database.db.select({ email: therapistProfiles.email }).from(therapistProfiles).where(eq(therapistProfiles.id, therapistId));
  if (!profile) throw new AppError('FORBIDDEN', 'Complete onboarding first.');
  const existing = await findPaymentAccount(deps.database.db, therapistId);
  const link = await deps.payments.createOnboardingLink({ therapistId, email: profile.email, existingAccountId: existing?.accountId ?? null });
  if (!link) return { url: null, message: LEDGER_ONBOARDING_MESSAGE };
  if (!existing) {
    await deps.database.db
      .insert(paymentAccounts)
      .values({ userId: therapistId, provider: deps.payments.name, accountId: link.accountId })
      .onConflictDoNothing();
  }
  return { url: link.url, message: 'Continue to Stripe to set up where your payouts go.' };
}

const CSV_COLUMNS = [
  'type',
  'id',
  'visit_id',
  'visit_date',
  'agency',
  'therapist',
  'service',
  'amount',
  'status',
  'provider',
  'provider_reference',
  'created_at',
  'paid_at',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * leading = + - @ or tab is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The ledger as CSV: invoice lines then payouts, one row each, CRLF line ends. */
export function paymentsCsv(data: { invoiceLines: InvoiceLineItem[]; payouts: InvoiceLineItem[] }): string {
  const row = (type: string, item: InvoiceLineItem) =>
    [
      type,
      item.id,
      item.visitId,
      item.visitDate,
      item.agencyName,
      item.therapistName,
      item.serviceId,
      item.amount.toFixed(2),
      item.status,
      item.provider,
      item.providerReference,
      item.createdAt,
      item.paidAt,
    ]
      .map(csvField)
      .join(',');
  return [CSV_COLUMNS.join(','), ...data.invoiceLines.map((item) => row('invoice_line', item)), ...data.payouts.map((item) => row('payout', item))]
    .map((line) => `${line}\r\n`)
    .join('');
}

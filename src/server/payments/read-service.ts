import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import type { Database } from '../db/client';
import type { Caller } from '../use-case';
import type { PaymentProvider } from './provider';
import {
  agencyInvoiceTotals,
  findPaymentAccount,
  listAgencyInvoiceLines,
  listPaymentsAllTenants,
  listTherapistPayouts,
  therapistPayoutTotals,
} from './queries';
import type { PaymentFilters } from './schemas';
import { paymentsCsv } from './service';

/** The payments reads: each party's own lines, and the manager's ledger across every tenant. */

interface ReadDeps {
  database: Database;
  payments: PaymentProvider;
}

/** The agency's own invoice lines, newest first, with totals. */
export async function getAgencyInvoice({ database }: Pick<ReadDeps, 'database'>, { actor }: { actor: Actor }) {
  const [lines, totals] = await Promise.all([listAgencyInvoiceLines(database.db, actor.userId), agencyInvoiceTotals(database.db, actor.userId)]);
  return { lines, ...totals };
}

/** The therapist's own payouts with the pending total, and whether their payout account can be paid. */
export async function getTherapistPayouts({ database, payments }: ReadDeps, { actor }: { actor: Actor }) {
  const [items, totals, account] = await Promise.all([
    listTherapistPayouts(database.db, actor.userId),
    therapistPayoutTotals(database.db, actor.userId),
    findPaymentAccount(database.db, actor.userId),
  ]);
  return {
    payouts: items,
    ...totals,
    provider: payments.name,
    payoutsEnabled: payments.name === 'stripe' ? (account?.payoutsEnabled ?? false) : null,
  };
}

/** Managers: invoice lines and payouts across every agency and therapist. */
export async function listLedger({ database, payments }: ReadDeps, { filters }: { filters: PaymentFilters }) {
  return { ...(await listPaymentsAllTenants(database.db, filters)), provider: payments.name };
}

/** Managers: the whole filtered ledger as CSV; every export is audited with what it held. */
export async function exportLedger({ database }: Pick<ReadDeps, 'database'>, { actor, client, filters }: Caller & { filters: PaymentFilters }) {
  const data = await listPaymentsAllTenants(database.db, filters, { unlimited: true });
  await writeAudit(database.db, {
    actorUserId: actor.userId,
    action: 'payment.ledger_exported',
    outcome: 'success',
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    details: { filters, invoiceLines: data.invoiceLines.length, payouts: data.payouts.length },
  });
  return paymentsCsv(data);
}

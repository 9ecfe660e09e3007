import { writeAudit } from '../audit/write-audit';
import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { readPatientShortNames } from '../patients/short-names';
import type { Caller } from '../use-case';
import type { PaymentProvider } from './provider';
import {
  agencyInvoiceTotals,
  findPaymentAccount,
  listAgencyInvoiceLineRows,
  listPaymentsAllTenants,
  listTherapistPayoutRows,
  presentPaymentRow,
  therapistPayoutTotals,
  type PaymentRow,
} from './queries';
import type { PaymentFilters } from './schemas';
import { paymentsCsv } from './service';

/** The payments reads: each party's own lines, and the manager's ledger across every tenant. */

interface ReadDeps {
  database: Database;
  payments: PaymentProvider;
}

/** A party's own lines, labelled with the patient's short name where they may read it (each an audited read). */
async function presentOwnLines(deps: { database: Database; phiBox: PhiBox }, caller: Caller, rows: PaymentRow[]) {
  const names = await readPatientShortNames(deps.database.db, deps, { ...caller, referralIds: rows.map((row) => row.referralId) });
  return rows.map((row) => presentPaymentRow(row, names.get(row.referralId)));
}

/** The agency's own invoice lines (one referral's, given its reference), newest first, with the account's totals. */
export async function getAgencyInvoice(deps: { database: Database; phiBox: PhiBox }, options: Caller & { reference?: number }) {
  const { db } = deps.database;
  const agencyId = options.actor.userId;
  const [rows, totals] = await Promise.all([listAgencyInvoiceLineRows(db, agencyId, options.reference), agencyInvoiceTotals(db, agencyId)]);
  return { lines: await presentOwnLines(deps, options, rows), ...totals };
}

/** The therapist's own payouts (one referral's, given its reference) with the pending total, and whether their payout account can be paid. */
export async function getTherapistPayouts(deps: ReadDeps & { phiBox: PhiBox }, options: Caller & { reference?: number }) {
  const { database, payments } = deps;
  const { actor } = options;
  const [rows, totals, account] = await Promise.all([
    listTherapistPayoutRows(database.db, actor.userId, options.reference),
    therapistPayoutTotals(database.db, actor.userId),
    findPaymentAccount(database.db, actor.userId),
  ]);
  return {
    payouts: await presentOwnLines(deps, options, rows),
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

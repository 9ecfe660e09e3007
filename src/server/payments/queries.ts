import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { referralLabel } from '../../domain/referral-reference';
import { agencyProfiles, invoiceLines, paymentAccounts, paymentCustomers, payouts, referrals, therapistProfiles, visits } from '../db/schema/index';
import { moveVisit } from '../visits/move-visit';
import type { InvoiceLineItem, PaymentFilters, PayoutItem } from './schemas';

/** The most rows one list answers; the ledger export has no such limit. */
const LIST_LIMIT = 500;

const therapistName = sql<string>`${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}`;

/** The visit's referral: its reference and coarse place, for the line's label. */
const referenceColumns = {
  referralId: visits.referralId,
  referenceNumber: referrals.referenceNumber,
  placeCity: referrals.patientCity,
  placeState: referrals.patientState,
};

function lineColumns() {
  return {
    id: invoiceLines.id,
    visitId: invoiceLines.visitId,
    ...referenceColumns,
    agencyId: invoiceLines.agencyId,
    agencyName: agencyProfiles.companyName,
    therapistId: invoiceLines.therapistId,
    therapistName,
    serviceId: invoiceLines.serviceId,
    visitDate: visits.scheduledStart,
    amount: invoiceLines.amount,
    status: invoiceLines.status,
    provider: invoiceLines.provider,
    providerReference: invoiceLines.providerReference,
    failureMessage: invoiceLines.failureMessage,
    createdAt: invoiceLines.createdAt,
    paidAt: invoiceLines.paidAt,
  };
}

function payoutColumns() {
  return {
    id: payouts.id,
    visitId: payouts.visitId,
    ...referenceColumns,
    agencyId: visits.agencyId,
    agencyName: agencyProfiles.companyName,
    therapistId: payouts.therapistId,
    therapistName,
    serviceId: visits.serviceId,
    visitDate: visits.scheduledStart,
    amount: payouts.amount,
    status: payouts.status,
    provider: payouts.provider,
    providerReference: payouts.providerReference,
    failureMessage: payouts.failureMessage,
    createdAt: payouts.createdAt,
    paidAt: payouts.paidAt,
  };
}

export type PaymentRow = Omit<InvoiceLineItem, 'visitDate' | 'createdAt' | 'paidAt' | 'referenceLabel'> & {
  visitDate: Date;
  createdAt: Date;
  paidAt: Date | null;
  placeCity: string;
  placeState: string;
};

/**
 * Whitelisted output: dates as ISO strings, nothing else from the joined rows. `patientShortName`
 * only where the caller may read the patient at aal2 (patients/short-names.ts); else the place.
 */
export function presentPaymentRow(row: PaymentRow, patientShortName?: string): InvoiceLineItem {
  return {
    id: row.id,
    visitId: row.visitId,
    referralId: row.referralId,
    referenceNumber: row.referenceNumber,
    referenceLabel: referralLabel({ referenceNumber: row.referenceNumber, city: row.placeCity, state: row.placeState, patientShortName }),
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    therapistId: row.therapistId,
    therapistName: row.therapistName,
    serviceId: row.serviceId,
    visitDate: row.visitDate.toISOString(),
    amount: Number(row.amount),
    status: row.status,
    provider: row.provider,
    providerReference: row.providerReference,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

async function selectLineRows(db: Db, where: SQL | undefined, limit?: number): Promise<PaymentRow[]> {
  const query = db
    .select(lineColumns())
    .from(invoiceLines)
    .innerJoin(visits, eq(visits.id, invoiceLines.visitId))
    .innerJoin(referrals, eq(referrals.id, visits.referralId))
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, invoiceLines.agencyId))
    .innerJoin(therapistProfiles, eq(therapistProfiles.id, invoiceLines.therapistId))
    .where(where)
    .orderBy(desc(invoiceLines.createdAt), desc(invoiceLines.id));
  return limit === undefined ? await query : await query.limit(limit);
}

async function selectLines(db: Db, where: SQL | undefined, limit?: number): Promise<InvoiceLineItem[]> {
  return (await selectLineRows(db, where, limit)).map((row) => presentPaymentRow(row));
}

async function selectPayoutRows(db: Db, where: SQL | undefined, limit?: number): Promise<PaymentRow[]> {
  const query = db
    .select(payoutColumns())
    .from(payouts)
    .innerJoin(visits, eq(visits.id, payouts.visitId))
    .innerJoin(referrals, eq(referrals.id, visits.referralId))
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, visits.agencyId))
    .innerJoin(therapistProfiles, eq(therapistProfiles.id, payouts.therapistId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return limit === undefined ? await query : await query.limit(limit);
}

async function selectPayouts(db: Db, where: SQL | undefined, limit?: number): Promise<PayoutItem[]> {
  return (await selectPayoutRows(db, where, limit)).map((row) => presentPaymentRow(row));
}

const ofReference = (reference: number | undefined) => (reference === undefined ? undefined : eq(referrals.referenceNumber, reference));

/** ALL TENANTS — managers only: invoice lines and payouts across every agency and therapist. */
export async function listPaymentsAllTenants(db: Db, filters: PaymentFilters, options: { unlimited?: boolean } = {}) {
  const limit = options.unlimited ? undefined : LIST_LIMIT;
  const lineWhere = and(
    filters.status ? eq(invoiceLines.status, filters.status) : undefined,
    filters.agencyId ? eq(invoiceLines.agencyId, filters.agencyId) : undefined,
    filters.therapistId ? eq(invoiceLines.therapistId, filters.therapistId) : undefined,
    ofReference(filters.reference),
  );
  const payoutWhere = and(
    filters.status ? eq(payouts.status, filters.status) : undefined,
    filters.agencyId ? eq(visits.agencyId, filters.agencyId) : undefined,
    filters.therapistId ? eq(payouts.therapistId, filters.therapistId) : undefined,
    ofReference(filters.reference),
  );
  const [invoiceLineItems, payoutItems] = await Promise.all([selectLines(db, lineWhere, limit), selectPayouts(db, payoutWhere, limit)]);
  return { invoiceLines: invoiceLineItems, payouts: payoutItems };
}

/** ALL TENANTS — managers only: one invoice line or payout by id. */
export async function findPaymentRowAllTenants(db: Db, kind: 'invoice-line' | 'payout', id: string) {
  const rows = kind === 'invoice-line' ? await selectLines(db, eq(invoiceLines.id, id), 1) : await selectPayouts(db, eq(payouts.id, id), 1);
  return rows[0];
}

/** One agency's invoice lines (of one referral, given its reference number), to present with presentPaymentRow. */
export function listAgencyInvoiceLineRows(db: Db, agencyId: string, reference?: number) {
  return selectLineRows(db, and(eq(invoiceLines.agencyId, agencyId), ofReference(reference)), LIST_LIMIT);
}

/** One of one agency's invoice lines; another agency's line is not found. */
export async function findAgencyInvoiceLine(db: Db, agencyId: string, id: string) {
  const [row] = await selectLines(db, and(eq(invoiceLines.id, id), eq(invoiceLines.agencyId, agencyId)), 1);
  return row;
}

/** One therapist's payouts (of one referral, given its reference number), to present with presentPaymentRow. */
export function listTherapistPayoutRows(db: Db, therapistId: string, reference?: number) {
  return selectPayoutRows(db, and(eq(payouts.therapistId, therapistId), ofReference(reference)), LIST_LIMIT);
}

/** Totals over every row of one agency (outstanding: not yet paid). */
export async function agencyInvoiceTotals(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${invoiceLines.amount}) filter (where ${invoiceLines.status} <> 'paid'), 0)`,
      paid: sql<string>`coalesce(sum(${invoiceLines.amount}) filter (where ${invoiceLines.status} = 'paid'), 0)`,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.agencyId, agencyId));
  return { outstandingTotal: Number(row?.outstanding ?? 0), paidTotal: Number(row?.paid ?? 0) };
}

/** Totals over every payout of one therapist (pending: owed, not yet paid). */
export async function therapistPayoutTotals(db: Db, therapistId: string) {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} <> 'paid'), 0)`,
      paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'paid'), 0)`,
    })
    .from(payouts)
    .where(eq(payouts.therapistId, therapistId));
  return { pendingTotal: Number(row?.pending ?? 0), paidTotal: Number(row?.paid ?? 0) };
}

export async function findPaymentAccount(db: Db, therapistId: string) {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, therapistId));
  return row;
}

/** One agency's customer at the payment provider and its saved payment method, if any. */
export async function findPaymentCustomer(db: Db, agencyId: string) {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agencyId));
  return row;
}

/** How many of one agency's lines are parked until it saves a payment method. */
export async function countLinesAwaitingPaymentMethod(db: Db, agencyId: string, message: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.agencyId, agencyId), eq(invoiceLines.status, 'pending'), eq(invoiceLines.failureMessage, message)));
  return row?.count ?? 0;
}

/** The visit becomes 'paid' once the agency's line and the therapist's payout are both paid. */
export async function settleVisitIfPaid(db: Db, visitId: string) {
  await moveVisit(db, visitId, {
    from: 'approved',
    to: 'paid',
    when: and(
      sql`exists (select 1 from ${invoiceLines} where ${invoiceLines.visitId} = ${visitId} and ${invoiceLines.status} = 'paid')`,
      sql`exists (select 1 from ${payouts} where ${payouts.visitId} = ${visitId} and ${payouts.status} = 'paid')`,
    ),
  });
}

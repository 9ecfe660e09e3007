import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { buildPayableVisit, waitFor } from '../../../test/payment-fixtures';
import { sessionCookie } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import { inTransaction } from '../db/client';
import { auditLog, invoiceLines, paymentCustomers, paymentEvents, payouts, visits } from '../db/schema/index';
import { makeVisitPayable } from './payable';
import { csvField } from './service';
import type { InvoiceLineItem } from './schemas';
import { processPaymentEvent } from './webhook-service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

async function jobCount(name: string, visitId: string) {
  const { rows } = await app.runtime.database.pool.query<{ count: string }>(
    `select count(*) from (select id from pgboss.job where name = $1 and data->>'visitId' = $2
       union all select id from pgboss.archive where name = $1 and data->>'visitId' = $2) jobs`,
    [name, visitId],
  );
  return Number(rows[0]?.count ?? 0);
}

describe('never paying twice', () => {
  it('20 concurrent approvals of one visit make one invoice line, one payout and one charge job', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, rate: 125.5, status: 'documented' });

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        inTransaction(app.runtime.database, (t) => makeVisitPayable(t, app.runtime.jobs, { visitId: visit.id, provider: 'ledger' })),
      ),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    const owed = await db().select().from(payouts).where(eq(payouts.visitId, visit.id));
    expect(lines).toHaveLength(1);
    expect(owed).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: 125.5, agencyId: agency.userId, therapistId: therapist.userId, provider: 'ledger', idempotencyKey: `visit-${visit.id}-charge` });
    expect(owed[0]).toMatchObject({ amount: 125.5, idempotencyKey: `visit-${visit.id}-payout` });
    expect(await jobCount('payment-charge', visit.id)).toBe(1);
  });

  it('under the ledger the jobs run and the line and payout stay pending for a manager', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const visit = await buildPayableVisit(app.runtime, { agencyId: agency.userId, therapistId: therapist.userId });
    // The charge job ran and queued the payout job, which ran too, and neither moved any money.
    await waitFor(async () => {
      const { rows } = await app.runtime.database.pool.query<{ state: string }>("select state from pgboss.job where name = 'payment-payout' and data->>'visitId' = $1", [visit.id]);
      return rows.length === 1 && rows[0]?.state === 'completed';
    }, 20_000, 'the payout job to complete');
    const [line] = await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    const [payout] = await db().select().from(payouts).where(eq(payouts.visitId, visit.id));
    expect(line).toMatchObject({ status: 'pending', providerReference: null });
    expect(payout).toMatchObject({ status: 'pending', providerReference: null });
  });

  it('a provider event delivered 10 times at once is processed once', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const visit = await buildPayableVisit(app.runtime, { agencyId: agency.userId, therapistId: therapist.userId });
    const event = { id: `evt_once_${visit.id}`, type: 'charge.succeeded' as const, reference: 'pi_once', visitId: visit.id, failureMessage: null };
    const results = await Promise.all(Array.from({ length: 10 }, () => processPaymentEvent(app.runtime, 'stripe', event)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const [line] = await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    expect(line).toMatchObject({ status: 'paid', providerReference: 'pi_once' });
    const paidAt = line?.paidAt;
    expect(await processPaymentEvent(app.runtime, 'stripe', event)).toBe(false);
    const [again] = await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    expect(again?.paidAt).toEqual(paidAt);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });
});

describe('payment endpoints', () => {
  let agencyA: Awaited<ReturnType<typeof buildAgency>>;
  let agencyB: Awaited<ReturnType<typeof buildAgency>>;
  let therapistA: Awaited<ReturnType<typeof buildTherapist>>;
  let therapistB: Awaited<ReturnType<typeof buildTherapist>>;
  let manager: Awaited<ReturnType<typeof buildManager>>;
  let visitA: { id: string };
  let visitB: { id: string };
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    agencyA = await buildAgency(db(), { companyName: 'Smith, "Best" Care' });
    agencyB = await buildAgency(db(), { companyName: '=HYPERLINK("http://evil.test")' });
    therapistA = await buildTherapist(db());
    therapistB = await buildTherapist(db());
    manager = await buildManager(db());
    visitA = await buildPayableVisit(app.runtime, { agencyId: agencyA.userId, therapistId: therapistA.userId, rate: 150 });
    visitB = await buildPayableVisit(app.runtime, { agencyId: agencyB.userId, therapistId: therapistB.userId, rate: 100 });
    cookies.agencyA = await sessionCookie(app, agencyA);
    cookies.agencyB = await sessionCookie(app, agencyB);
    cookies.therapistA = await sessionCookie(app, therapistA);
    cookies.therapistB = await sessionCookie(app, therapistB);
    cookies.manager = await sessionCookie(app, manager);
    cookies.managerAal1 = await sessionCookie(app, manager, 'aal1');
  });

  const lineOf = async (visitId: string) => (await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visitId)))[0]!;
  const payoutOf = async (visitId: string) => (await db().select().from(payouts).where(eq(payouts.visitId, visitId)))[0]!;

  describe('GET /api/admin/payments', () => {
    it('refuses the signed-out, other roles and a manager without a second factor', async () => {
      expect((await callApi(app.url, 'GET', '/api/admin/payments')).status).toBe(401);
      expect((await callApi(app.url, 'GET', '/api/admin/payments', { cookie: cookies.agencyA })).status).toBe(403);
      expect((await callApi(app.url, 'GET', '/api/admin/payments', { cookie: cookies.therapistA })).status).toBe(403);
      const aal1 = await callApi(app.url, 'GET', '/api/admin/payments', { cookie: cookies.managerAal1 });
      expect(aal1.status).toBe(403);
    });

    it('lists every tenant for a manager and filters by agency, therapist and status', async () => {
      const all = await callApi(app.url, 'GET', '/api/admin/payments', { cookie: cookies.manager });
      expect(all.status).toBe(200);
      const body = (await all.json()) as { invoiceLines: InvoiceLineItem[]; payouts: InvoiceLineItem[]; provider: string };
      expect(body.provider).toBe('ledger');
      expect(body.invoiceLines.map((line) => line.visitId)).toEqual(expect.arrayContaining([visitA.id, visitB.id]));
      expect(body.payouts.map((line) => line.visitId)).toEqual(expect.arrayContaining([visitA.id, visitB.id]));
      const lineA = body.invoiceLines.find((line) => line.visitId === visitA.id);
      expect(lineA).toMatchObject({ agencyName: 'Smith, "Best" Care', amount: 150, status: 'pending', serviceId: 'evaluation' });

      const byAgency = (await (await callApi(app.url, 'GET', `/api/admin/payments?agencyId=${agencyB.userId}`, { cookie: cookies.manager })).json()) as typeof body;
      expect(byAgency.invoiceLines.map((line) => line.visitId)).toEqual([visitB.id]);
      expect(byAgency.payouts.map((line) => line.visitId)).toEqual([visitB.id]);
      const byTherapist = (await (await callApi(app.url, 'GET', `/api/admin/payments?therapistId=${therapistA.userId}`, { cookie: cookies.manager })).json()) as typeof body;
      expect(byTherapist.payouts.map((line) => line.visitId)).toEqual([visitA.id]);
    });

    it('refuses an unknown status filter', async () => {
      const response = await callApi(app.url, 'GET', '/api/admin/payments?status=stolen', { cookie: cookies.manager });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('VALIDATION');
    });
  });

  describe('marking paid', () => {
    it('refuses the signed-out, an agency, a therapist and an aal1 manager, and changes nothing', async () => {
      const { id } = await lineOf(visitA.id);
      const path = `/api/admin/payments/invoice-lines/${id}/mark-paid`;
      expect((await callApi(app.url, 'POST', path)).status).toBe(401);
      expect((await callApi(app.url, 'POST', path, { cookie: cookies.agencyA })).status).toBe(403);
      expect((await callApi(app.url, 'POST', path, { cookie: cookies.therapistA })).status).toBe(403);
      expect((await callApi(app.url, 'POST', path, { cookie: cookies.managerAal1 })).status).toBe(403);
      expect((await lineOf(visitA.id)).status).toBe('pending');
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      expect((await callApi(app.url, 'POST', '/api/admin/payments/payouts/nope/mark-paid', { cookie: cookies.manager })).status).toBe(400);
      const unknown = await callApi(app.url, 'POST', '/api/admin/payments/payouts/00000000-0000-4000-8000-000000000000/mark-paid', { cookie: cookies.manager });
      expect(unknown.status).toBe(404);
    });

    it('a manager marks a line and a payout paid, audited; the visit is then paid; marking again is a conflict', async () => {
      const line = await lineOf(visitA.id);
      const payout = await payoutOf(visitA.id);
      const marked = await callApi(app.url, 'POST', `/api/admin/payments/invoice-lines/${line.id}/mark-paid`, { cookie: cookies.manager });
      expect(marked.status).toBe(200);
      expect(await marked.json()).toMatchObject({ id: line.id, status: 'paid', paidAt: expect.any(String) });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.invoice_line_marked_paid'), eq(auditLog.entityId, line.id)));
      expect(audit).toMatchObject({ actorUserId: manager.userId, outcome: 'success', entityType: 'invoice_line' });
      expect((await db().select().from(visits).where(eq(visits.id, visitA.id)))[0]?.status).toBe('approved');

      const paidOut = await callApi(app.url, 'POST', `/api/admin/payments/payouts/${payout.id}/mark-paid`, { cookie: cookies.manager });
      expect(paidOut.status).toBe(200);
      const payoutAudit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'payment.payout_marked_paid'), eq(auditLog.entityId, payout.id)));
      expect(payoutAudit).toHaveLength(1);
      expect((await db().select().from(visits).where(eq(visits.id, visitA.id)))[0]?.status).toBe('paid');

      const again = await callApi(app.url, 'POST', `/api/admin/payments/invoice-lines/${line.id}/mark-paid`, { cookie: cookies.manager });
      expect(again.status).toBe(409);
    });
  });

  describe('GET /api/admin/payments/export.csv', () => {
    it('refuses the signed-out and other roles', async () => {
      expect((await callApi(app.url, 'GET', '/api/admin/payments/export.csv')).status).toBe(401);
      expect((await callApi(app.url, 'GET', '/api/admin/payments/export.csv', { cookie: cookies.agencyB })).status).toBe(403);
      expect((await callApi(app.url, 'GET', '/api/admin/payments/export.csv', { cookie: cookies.therapistB })).status).toBe(403);
    });

    it('exports lines and payouts with quoted fields and formulas defused', async () => {
      const response = await callApi(app.url, 'GET', `/api/admin/payments/export.csv?agencyId=${agencyA.userId}`, { cookie: cookies.manager });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="carerelay-payments-/);
      const lines = (await response.text()).split('\r\n');
      expect(lines[0]).toBe('type,id,visit_id,visit_date,agency,therapist,service,amount,status,provider,provider_reference,created_at,paid_at');
      expect(lines.filter((line) => line.startsWith('invoice_line,'))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('payout,'))).toHaveLength(1);
      expect(lines[1]).toContain(`,"Smith, ""Best"" Care",`);
      expect(lines[1]).toContain(',150.00,paid,ledger,');
      expect(lines.at(-1)).toBe('');

      const other = await (await callApi(app.url, 'GET', `/api/admin/payments/export.csv?agencyId=${agencyB.userId}`, { cookie: cookies.manager })).text();
      expect(other).toContain(`,"'=HYPERLINK(""http://evil.test"")",`);
      expect(other).not.toContain(visitA.id);
    });

    it('escapes single fields per RFC 4180', () => {
      expect(csvField('plain')).toBe('plain');
      expect(csvField('a,b')).toBe('"a,b"');
      expect(csvField('say "hi"')).toBe('"say ""hi"""');
      expect(csvField('two\nlines')).toBe('"two\nlines"');
      expect(csvField('+1 555')).toBe("'+1 555");
      expect(csvField(null)).toBe('');
    });
  });

  describe('GET /api/agency/invoice', () => {
    it('refuses the signed-out, therapists and managers', async () => {
      expect((await callApi(app.url, 'GET', '/api/agency/invoice')).status).toBe(401);
      expect((await callApi(app.url, 'GET', '/api/agency/invoice', { cookie: cookies.therapistA })).status).toBe(403);
      expect((await callApi(app.url, 'GET', '/api/agency/invoice', { cookie: cookies.manager })).status).toBe(403);
    });

    it("shows an agency its own lines and totals, never another agency's", async () => {
      const response = await callApi(app.url, 'GET', '/api/agency/invoice', { cookie: cookies.agencyB });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { lines: InvoiceLineItem[]; outstandingTotal: number; paidTotal: number };
      expect(body.lines.map((line) => line.visitId)).toEqual([visitB.id]);
      expect(body).toMatchObject({ outstandingTotal: 100, paidTotal: 0 });
    });

    it('refuses an agency that is not approved', async () => {
      const pending = await buildAgency(db(), { status: 'pending' });
      const response = await callApi(app.url, 'GET', '/api/agency/invoice', { cookie: await sessionCookie(app, pending) });
      expect(response.status).toBe(403);
    });
  });

  describe('GET /api/therapist/payouts', () => {
    it('refuses the signed-out, agencies and managers', async () => {
      expect((await callApi(app.url, 'GET', '/api/therapist/payouts')).status).toBe(401);
      expect((await callApi(app.url, 'GET', '/api/therapist/payouts', { cookie: cookies.agencyA })).status).toBe(403);
      expect((await callApi(app.url, 'GET', '/api/therapist/payouts', { cookie: cookies.manager })).status).toBe(403);
    });

    it("shows a therapist their own payouts and pending total, never another therapist's", async () => {
      const response = await callApi(app.url, 'GET', '/api/therapist/payouts', { cookie: cookies.therapistB });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { payouts: InvoiceLineItem[]; pendingTotal: number; paidTotal: number; provider: string; payoutsEnabled: boolean | null };
      expect(body.payouts.map((payout) => payout.visitId)).toEqual([visitB.id]);
      expect(body).toMatchObject({ pendingTotal: 100, paidTotal: 0, provider: 'ledger', payoutsEnabled: null });
      const own = (await (await callApi(app.url, 'GET', '/api/therapist/payouts', { cookie: cookies.therapistA })).json()) as typeof body;
      expect(own.payouts.map((payout) => payout.visitId)).not.toContain(visitB.id);
    });
  });

  describe('POST /api/therapist/payments/onboarding', () => {
    it('refuses the signed-out and agencies', async () => {
      expect((await callApi(app.url, 'POST', '/api/therapist/payments/onboarding')).status).toBe(401);
      expect((await callApi(app.url, 'POST', '/api/therapist/payments/onboarding', { cookie: cookies.agencyA })).status).toBe(403);
    });

    it('tells a therapist under the ledger that no payment account is needed', async () => {
      const response = await callApi(app.url, 'POST', '/api/therapist/payments/onboarding', { cookie: cookies.therapistA });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ url: null, message: expect.stringContaining('ledger') });
    });
  });

  describe('the agency payment method under the ledger', () => {
    it('refuses the signed-out, therapists and managers', async () => {
      for (const [method, path] of [
        ['GET', '/api/agency/payments/payment-method'],
        ['POST', '/api/agency/payments/payment-method/setup'],
      ] as const) {
        expect((await callApi(app.url, method, path)).status).toBe(401);
        expect((await callApi(app.url, method, path, { cookie: cookies.therapistA })).status).toBe(403);
        expect((await callApi(app.url, method, path, { cookie: cookies.manager })).status).toBe(403);
      }
    });

    it('tells an agency that no payment method is needed, and starts no setup', async () => {
      const shown = await callApi(app.url, 'GET', '/api/agency/payments/payment-method', { cookie: cookies.agencyA });
      expect(shown.status).toBe(200);
      expect(await shown.json()).toEqual({ provider: 'ledger', paymentMethod: null, linesAwaitingPaymentMethod: 0, message: expect.stringContaining('outside the platform') });
      const setup = await callApi(app.url, 'POST', '/api/agency/payments/payment-method/setup', { cookie: cookies.agencyA });
      expect(setup.status).toBe(200);
      expect(await setup.json()).toEqual({ url: null, message: expect.stringContaining('no payment method to add') });
      expect(await db().select().from(paymentCustomers)).toHaveLength(0);
    });
  });

  it('the Stripe webhook does not exist under the ledger', async () => {
    const response = await fetch(`${app.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(404);
  });
});

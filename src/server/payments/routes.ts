import { z } from 'zod';
import { createPhiBox } from '../crypto/phi-box';
import { approvedAgency, approvedTherapist, callerOf, manager, requireAuth } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { getAgencyPaymentMethod, startPaymentMethodSetup } from './payment-method-service';
import { retryPayoutAllTenants } from './payout-retry-service';
import { exportLedger, getAgencyInvoice, getTherapistPayouts, listLedger } from './read-service';
import { retryInvoiceLine, retryInvoiceLineAllTenants } from './retry-service';
import {
  adminPaymentsSchema,
  agencyInvoiceSchema,
  agencyPaymentMethodSchema,
  paymentMethodSetupResponseSchema,
  invoiceLineItemSchema,
  onboardingResponseSchema,
  paymentFiltersSchema,
  payoutItemSchema,
  referenceQuerySchema,
  therapistPayoutsSchema,
} from './schemas';
import { markPaid, startOnboarding } from './service';
import { stripeWebhookRoutes } from './webhook-routes';

const idParams = z.object({ id: z.uuid() });
const tags = ['payments'];

/** Payments: the manager's ledger, the agency's invoice, the therapist's payouts, the Stripe webhook. */
export const paymentRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(stripeWebhookRoutes, deps);
  await app.register(managerPaymentRoutes, deps);
  await app.register(agencyPaymentRoutes, deps);
  await app.register(therapistPaymentRoutes, deps);
};

const managerPaymentRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, manager);

  app.get(
    '/admin/payments',
    {
      schema: {
        tags,
        summary: 'Invoice lines and payouts across every agency and therapist, newest first, filtered by status, agency and therapist',
        querystring: paymentFiltersSchema,
        response: { 200: adminPaymentsSchema },
      },
    },
    async (request) => listLedger(deps, { filters: request.query }),
  );

  app.get(
    '/admin/payments/export.csv',
    {
      schema: { tags, summary: 'The ledger as CSV (invoice lines and payouts), with the same filters as the list', querystring: paymentFiltersSchema },
    },
    async (request, reply) => {
      const csv = await exportLedger(deps, { ...callerOf(request), filters: request.query });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="carerelay-payments-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/payments/invoice-lines/:id/retry',
    {
      schema: {
        tags,
        summary: "Charge any agency's failed invoice line again with its saved payment method (audited); 409 unless the line failed",
        params: idParams,
        response: { 200: invoiceLineItemSchema },
      },
    },
    async (request) => retryInvoiceLineAllTenants(deps, { ...callerOf(request), lineId: request.params.id }),
  );

  app.post(
    '/admin/payments/payouts/:id/retry',
    {
      schema: {
        tags,
        summary: 'Pay a failed payout again as a new attempt, never a second transfer for the visit (audited); 409 unless the payout failed',
        params: idParams,
        response: { 200: payoutItemSchema },
      },
    },
    async (request) => retryPayoutAllTenants(deps, { ...callerOf(request), payoutId: request.params.id }),
  );

  for (const [path, kind] of [
    ['/admin/payments/invoice-lines/:id/mark-paid', 'invoice-line'],
    ['/admin/payments/payouts/:id/mark-paid', 'payout'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: kind === 'invoice-line' ? 'Record that an agency paid this invoice line (audited)' : 'Record that this payout reached the therapist (audited)',
          params: idParams,
          response: { 200: invoiceLineItemSchema },
        },
      },
      async (request) => markPaid(deps, { ...callerOf(request), kind, id: request.params.id }),
    );
  }
};

const agencyPaymentRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, approvedAgency);
  const labelledDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey) };

  app.get(
    '/agency/invoice',
    {
      schema: {
        tags,
        summary: "The agency's own invoice lines, newest first (with `reference`, that referral's only), with the account's totals",
        querystring: referenceQuerySchema,
        response: { 200: agencyInvoiceSchema },
      },
    },
    async (request) => getAgencyInvoice(labelledDeps, { ...callerOf(request), reference: request.query.reference }),
  );

  app.get(
    '/agency/payments/payment-method',
    {
      schema: {
        tags,
        summary: "The agency's saved payment method (brand and last four digits; Stripe only) and how many lines wait for one",
        response: { 200: agencyPaymentMethodSchema },
      },
    },
    async (request) => getAgencyPaymentMethod(deps, { actor: request.actor }),
  );

  app.post(
    '/agency/payments/payment-method/setup',
    {
      schema: {
        tags,
        summary: 'A Stripe Checkout page (setup mode) where the agency saves the payment method its visits are charged to, or why none is needed under the ledger',
        response: { 200: paymentMethodSetupResponseSchema },
      },
    },
    async (request) => startPaymentMethodSetup(deps, { actor: request.actor }),
  );

  app.post(
    '/agency/payments/invoice-lines/:id/retry',
    {
      schema: {
        tags,
        summary: "Charge one of the agency's failed invoice lines again with its saved payment method (audited); 409 unless the line failed",
        params: idParams,
        response: { 200: invoiceLineItemSchema },
      },
    },
    async (request) => retryInvoiceLine(deps, { ...callerOf(request), lineId: request.params.id }),
  );
};

const therapistPaymentRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, approvedTherapist);
  const labelledDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey) };

  app.get(
    '/therapist/payouts',
    {
      schema: {
        tags,
        summary: "The therapist's own payouts, newest first (with `reference`, that referral's only), with the account's pending total",
        querystring: referenceQuerySchema,
        response: { 200: therapistPayoutsSchema },
      },
    },
    async (request) => getTherapistPayouts({ ...deps, ...labelledDeps }, { ...callerOf(request), reference: request.query.reference }),
  );

  app.post(
    '/therapist/payments/onboarding',
    {
      schema: {
        tags,
        summary: 'A Stripe Connect onboarding link for the therapist (their payout account), or why none is needed under the ledger',
        response: { 200: onboardingResponseSchema },
      },
    },
    async (request) => startOnboarding(deps, { actor: request.actor }),
  );
};

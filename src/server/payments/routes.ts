import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireApproved, requireManagerAal2, requireUserType } from '../auth/guards';
import { requireActor, type Actor } from '../auth/session';
import type { RoutesPlugin } from '../http/plugin';
import { writeAudit } from '../audit/write-audit';
import {
  agencyInvoiceTotals,
  findPaymentAccount,
  listAgencyInvoiceLines,
  listPaymentsAllTenants,
  listTherapistPayouts,
  therapistPayoutTotals,
} from './queries';
import { getAgencyPaymentMethod, startPaymentMethodSetup } from './payment-method-service';
import { retryPayoutAllTenants } from './payout-retry-service';
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
  therapistPayoutsSchema,
} from './schemas';
import { createPaymentProvider } from './select-provider';
import { markPaid, paymentsCsv, startOnboarding } from './service';
import { stripeWebhookRoutes } from './webhook-routes';
import { clientOf } from '../http/request-client';

const idParams = z.object({ id: z.uuid() });

/** Payments (issue 5): the manager's ledger, the agency's invoice, the therapist's payouts, the Stripe webhook. */
export const paymentRoutes: RoutesPlugin = async (app, deps) => {
  const provider = createPaymentProvider(deps.config);
  await app.register(stripeWebhookRoutes(provider), deps);
  await app.register(managerPaymentRoutes, deps);
  await app.register(partyPaymentRoutes(provider), deps);
};

const managerPaymentRoutes: RoutesPlugin = async (app, deps) => {
  const managers = new WeakMap<FastifyRequest, Actor>();
  app.addHook('preValidation', async (request) => {
    const actor = await requireActor(request, deps);
    requireManagerAal2(actor);
    managers.set(request, actor);
  });
  const managerOf = (request: FastifyRequest): Actor => {
    const actor = managers.get(request);
    if (!actor) throw new Error('admin payment route ran without the manager check');
    return actor;
  };

  app.get(
    '/admin/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Invoice lines and payouts across every agency and therapist, newest first, filtered by status, agency and therapist',
        querystring: paymentFiltersSchema,
        response: { 200: adminPaymentsSchema },
      },
    },
    async (request) => ({ ...(await listPaymentsAllTenants(deps.database.db, request.query)), provider: deps.config.stripe ? 'stripe' : 'ledger' }),
  );

  app.get(
    '/admin/payments/export.csv',
    {
      schema: {
        tags: ['payments'],
        summary: 'The ledger as CSV (invoice lines and payouts), with the same filters as the list',
        querystring: paymentFiltersSchema,
      },
    },
    async (request, reply) => {
      const data = await listPaymentsAllTenants(deps.database.db, request.query, { unlimited: true });
      await writeAudit(deps.database.db, {
        actorUserId: managerOf(request).userId,
        action: 'payment.ledger_exported',
        outcome: 'success',
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        details: { filters: request.query, invoiceLines: data.invoiceLines.length, payouts: data.payouts.length },
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="carerelay-payments-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(paymentsCsv(data));
    },
  );

  app.post(
    '/admin/payments/invoice-lines/:id/retry',
    {
      schema: {
        tags: ['payments'],
        summary: "Charge any agency's failed invoice line again with its saved payment method (audited); 409 unless the line failed",
        params: idParams,
        response: { 200: invoiceLineItemSchema },
      },
    },
    async (request) =>
      retryInvoiceLineAllTenants({ database: deps.database, jobs: deps.jobs }, { actor: managerOf(request), lineId: request.params.id, client: clientOf(request) }),
  );

  app.post(
    '/admin/payments/payouts/:id/retry',
    {
      schema: {
        tags: ['payments'],
        summary: "Pay a failed payout again as a new attempt, never a second transfer for the visit (audited); 409 unless the payout failed",
        params: idParams,
        response: { 200: payoutItemSchema },
      },
    },
    async (request) =>
      retryPayoutAllTenants({ database: deps.database, jobs: deps.jobs }, { actor: managerOf(request), payoutId: request.params.id, client: clientOf(request) }),
  );

  for (const [path, kind] of [
    ['/admin/payments/invoice-lines/:id/mark-paid', 'invoice-line'],
    ['/admin/payments/payouts/:id/mark-paid', 'payout'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: kind === 'invoice-line' ? 'Record that an agency paid this invoice line (audited)' : 'Record that this payout reached the therapist (audited)',
          params: idParams,
          response: { 200: invoiceLineItemSchema },
        },
      },
      async (request) => markPaid(deps, { actor: managerOf(request), kind, id: request.params.id, client: clientOf(request) }),
    );
  }
};

function partyPaymentRoutes(provider: ReturnType<typeof createPaymentProvider>): RoutesPlugin {
  return async (app, deps) => {
    const signedIn = async (request: FastifyRequest, type: 'agency' | 'therapist') => {
      const actor = await requireActor(request, deps);
      requireUserType(actor, type);
      requireApproved(actor);
      return actor;
    };

    app.get(
      '/agency/invoice',
      { schema: { tags: ['payments'], summary: "The agency's own invoice lines, newest first, with totals", response: { 200: agencyInvoiceSchema } } },
      async (request) => {
        const actor = await signedIn(request, 'agency');
        const [lines, totals] = await Promise.all([listAgencyInvoiceLines(deps.database.db, actor.userId), agencyInvoiceTotals(deps.database.db, actor.userId)]);
        return { lines, ...totals };
      },
    );

    app.get(
      '/agency/payments/payment-method',
      {
        schema: {
          tags: ['payments'],
          summary: "The agency's saved payment method (brand and last four digits; Stripe only) and how many lines wait for one",
          response: { 200: agencyPaymentMethodSchema },
        },
      },
      async (request) => getAgencyPaymentMethod({ database: deps.database, provider }, { actor: await signedIn(request, 'agency') }),
    );

    app.post(
      '/agency/payments/payment-method/setup',
      {
        schema: {
          tags: ['payments'],
          summary: "A Stripe Checkout page (setup mode) where the agency saves the payment method its visits are charged to, or why none is needed under the ledger",
          response: { 200: paymentMethodSetupResponseSchema },
        },
      },
      async (request) => startPaymentMethodSetup({ database: deps.database, provider }, { actor: await signedIn(request, 'agency') }),
    );

    const agencies = new WeakMap<FastifyRequest, Actor>();
    app.post(
      '/agency/payments/invoice-lines/:id/retry',
      {
        schema: {
          tags: ['payments'],
          summary: "Charge one of the agency's failed invoice lines again with its saved payment method (audited); 409 unless the line failed",
          params: idParams,
          response: { 200: invoiceLineItemSchema },
        },
        // Signed in as an approved agency before the id is looked at: a stranger learns nothing from a 400.
        preValidation: async (request) => void agencies.set(request, await signedIn(request, 'agency')),
      },
      async (request) => {
        const actor = agencies.get(request);
        if (!actor) throw new Error('retry route ran without the agency check');
        return retryInvoiceLine({ database: deps.database, jobs: deps.jobs }, { actor, lineId: request.params.id, client: clientOf(request) });
      },
    );

    app.get(
      '/therapist/payouts',
      { schema: { tags: ['payments'], summary: "The therapist's own payouts, newest first, with the pending total", response: { 200: therapistPayoutsSchema } } },
      async (request) => {
        const actor = await signedIn(request, 'therapist');
        const [items, totals, account] = await Promise.all([
          listTherapistPayouts(deps.database.db, actor.userId),
          therapistPayoutTotals(deps.database.db, actor.userId),
          findPaymentAccount(deps.database.db, actor.userId),
        ]);
        return { payouts: items, ...totals, provider: provider.name, payoutsEnabled: provider.name === 'stripe' ? (account?.payoutsEnabled ?? false) : null };
      },
    );

    app.post(
      '/therapist/payments/onboarding',
      {
        schema: {
          tags: ['payments'],
          summary: 'A Stripe Connect onboarding link for the therapist (their payout account), or why none is needed under the ledger',
          response: { 200: onboardingResponseSchema },
        },
      },
      async (request) => startOnboarding({ database: deps.database, provider }, { actor: await signedIn(request, 'therapist') }),
    );
  };
}

import { z } from 'zod';
import { referralOrdersSchema } from '../../domain/care-order-view';
import { decideOrdersInputSchema, proposeOrdersInputSchema } from '../../domain/care-orders';
import { callerOf, phiRoute } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { CARE_ORDER_ACTIONS, decideCareOrders, listCareOrders, proposeCareOrders } from './service';

// Any string: an id that is no referral's is answered 404 like one the caller cannot see.
const idParams = z.object({ id: z.string().max(100) });

/** Orders and frequency: the therapist proposes, the agency approves or returns; every change a new version. */
export const careOrderRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/referrals/:id/orders',
    {
      schema: {
        tags: ['visits'],
        summary: "Every version of the referral's orders (frequency, start, goals, who changed them, when and why), newest first; the referral's agency and matched therapist only (others 404)",
        params: idParams,
        response: { 200: referralOrdersSchema },
      },
      config: phiRoute(CARE_ORDER_ACTIONS.read, 'referral'),
    },
    async (request) => listCareOrders(deps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.post(
    '/referrals/:id/orders',
    {
      schema: {
        tags: ['visits'],
        summary:
          'The matched therapist proposes orders after the evaluation: frequency and duration ("1w1, 2w3"), the date week 1 starts, goals and why; a new version each time (aal2)',
        params: idParams,
        body: proposeOrdersInputSchema,
        response: { 201: referralOrdersSchema },
      },
      config: phiRoute(CARE_ORDER_ACTIONS.propose, 'referral'),
    },
    async (request, reply) => reply.status(201).send(await proposeCareOrders(deps, { ...callerOf(request), referralId: request.params.id, input: request.body })),
  );

  app.post(
    '/referrals/:id/orders/decide',
    {
      schema: {
        tags: ['visits'],
        summary:
          "The referral's agency approves (with the date it obtained the physician's order) or returns, with a reason, the proposed version it was shown; CONFLICT when that version is no longer the latest proposal (aal2)",
        params: idParams,
        body: decideOrdersInputSchema,
        response: { 201: referralOrdersSchema },
      },
      config: phiRoute(CARE_ORDER_ACTIONS.decide, 'referral'),
    },
    async (request, reply) => reply.status(201).send(await decideCareOrders(deps, { ...callerOf(request), referralId: request.params.id, input: request.body })),
  );
};

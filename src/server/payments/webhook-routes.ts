import { z } from 'zod';
import { AppError } from '../errors';
import type { RoutesPlugin } from '../http/plugin';
import { receivePaymentWebhook } from './webhook-service';

/**
 * POST /payments/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin
 * (and only this one: Fastify scopes the parser to it) keeps JSON bodies as the raw Buffer. Stripe
 * sends no cookies, so the Origin (CSRF) check, which applies only to cookie-bearing requests,
 * never stands in its way.
 */
export const stripeWebhookRoutes: RoutesPlugin = async (app, deps) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: verified by its signature; each event is processed once',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('VALIDATION', 'Expected a JSON body.');
      const signature = request.headers['stripe-signature'];
      const { duplicate } = await receivePaymentWebhook(deps, { body: request.body, signature: typeof signature === 'string' ? signature : undefined });
      return { received: true as const, duplicate };
    },
  );
};

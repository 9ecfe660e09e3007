import { z } from 'zod';
import { AppError } from '../http/errors';
import type { RoutesPlugin } from '../http/plugin';
import { WebhookSignatureError, type PaymentProvider } from './provider';
import { paymentEventSeen, processPaymentEvent, type ProcessableEvent } from './webhook-service';

/**
 * POST /payments/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin
 * (and only this one: Fastify scopes the parser to it) keeps JSON bodies as the raw Buffer. Stripe
 * sends no cookies, so the Origin (CSRF) check, which applies only to cookie-bearing requests,
 * never stands in its way.
 */
export function stripeWebhookRoutes(provider: PaymentProvider): RoutesPlugin {
  return async (app, deps) => {
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
        if (provider.name !== 'stripe') throw new AppError('NOT_FOUND', 'Stripe payments are not enabled.');
        if (!Buffer.isBuffer(request.body)) throw new AppError('VALIDATION', 'Expected a JSON body.');
        const signature = request.headers['stripe-signature'];
        let parsed;
        try {
          parsed = provider.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION', 'The webhook signature could not be verified.');
          throw error;
        }
        let event: ProcessableEvent;
        if (parsed.type === 'payment_method.setup') {
          if (await paymentEventSeen(deps.database, parsed.id)) return { received: true as const, duplicate: true };
          // Read from Stripe before recording the event: if Stripe cannot be reached this answers 500
          // and Stripe delivers the event again later, so the payment method is never lost.
          event = { id: parsed.id, type: 'payment_method.saved', ...(await provider.savePaymentMethod({ setupIntentId: parsed.setupIntentId })) };
        } else {
          event = parsed;
        }
        const fresh = await processPaymentEvent({ database: deps.database, jobs: deps.jobs }, provider.name, event);
        return { received: true as const, duplicate: !fresh };
      },
    );
  };
}

import { afterAll, beforeAll } from 'vitest';
import { startE2e, type E2e } from './e2e';
import { StripeDouble } from './stripe-double';
import { stripeHarness } from './stripe-harness';

/**
 * A journey file under Stripe: before its tests, a Stripe double and one app and browser pointed at
 * it (with these keys); after them, both closed. The getters are read inside tests.
 */
export function stripeJourney(keys: { secretKey: string; webhookSecret: string }) {
  let stripeApi: StripeDouble | undefined;
  let e2e: E2e | undefined;
  beforeAll(async () => {
    stripeApi = await new StripeDouble().start();
    e2e = await startE2e({ STRIPE_SECRET_KEY: keys.secretKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret, STRIPE_API_URL: stripeApi.url });
  });
  afterAll(async () => {
    await e2e?.close();
    await stripeApi?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the Stripe journey has not started (call it at the top of the file)');
    return value;
  };
  const journey = {
    e2e: () => started(e2e),
    stripeApi: () => started(stripeApi),
    db: () => started(e2e).app.runtime.database.db,
    harness: stripeHarness({ app: () => started(e2e).app, stripeApi: () => started(stripeApi), ...keys }),
  };
  return journey;
}

import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { invoiceLines, paymentAccounts, payouts } from '../src/server/db/schema/index';
import type { TestApp } from './app';
import { buildAgency, buildTherapist } from './factories';
import { callApi } from './http';
import { sessionCookie } from './people';
import { StripeDouble, type CardOutcome } from './stripe-double';

/**
 * What the Stripe integration tests do again and again, against one app and one Stripe double:
 * deliver a signed webhook (the SDK's own test helper), save a card through Checkout as an agency
 * does, and read a visit's line, payout, requests and jobs. `app` and `stripeApi` are read when
 * called, so the harness can be made before beforeAll starts them.
 */
export function stripeHarness(options: { app: () => TestApp; stripeApi: () => StripeDouble; secretKey: string; webhookSecret: string }) {
  const sdk = new Stripe(options.secretKey);
  const db = () => options.app().runtime.database.db;

  /** An event as Stripe sends it, signed with the SDK's own test helper (or with another secret). */
  function deliver(event: { id: string; type: string; object: Record<string, unknown> }, signing: { secret?: string } = {}) {
    const payload = JSON.stringify({ id: event.id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), type: event.type, livemode: false, data: { object: event.object } });
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: signing.secret ?? options.webhookSecret });
    return fetch(`${options.app().url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  }

  async function jobCount(name: string, visitId: string) {
    const { rows } = await options.app().runtime.database.pool.query<{ count: string }>("select count(*) from pgboss.job where name = $1 and data->>'visitId' = $2", [name, visitId]);
    return Number(rows[0]?.count ?? 0);
  }

  /** The Cookie header of `person` signed in at aal2. */
  const session = (person: { email: string; password: string }) => sessionCookie(options.app(), person);

  /** The agency goes through Checkout (setup mode) with a card and Stripe sends checkout.session.completed. */
  async function saveCard(cookie: string, card: { outcome?: CardOutcome; last4?: string; brand?: string } = {}) {
    const response = await callApi(options.app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const sessionId = url.split('/').at(-1)!;
    const done = options.stripeApi().completeSetup(sessionId, card);
    const delivered = await deliver({ id: `evt_cs_${sessionId}`, type: 'checkout.session.completed', object: done.session });
    expect(delivered.status).toBe(200);
    return done;
  }

  async function agencyWithCard(card: { outcome?: CardOutcome } = {}) {
    const agency = await buildAgency(db());
    const cookie = await session(agency);
    const saved = await saveCard(cookie, card);
    return { agency, cookie, ...saved };
  }

  /** A therapist whose connected account can receive payouts. */
  async function readyTherapist() {
    const therapist = await buildTherapist(db());
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: `acct_ready_${therapist.userId}`, payoutsEnabled: true });
    return therapist;
  }

  return {
    deliver,
    jobCount,
    session,
    saveCard,
    agencyWithCard,
    readyTherapist,
    lineOf: async (visitId: string) => (await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visitId)))[0]!,
    payoutOf: async (visitId: string) => (await db().select().from(payouts).where(eq(payouts.visitId, visitId)))[0]!,
    transfersFor: (visitId: string) => options.stripeApi().to('/v1/transfers').filter((request) => request.form['metadata[visitId]'] === visitId),
    intentRequestsFor: (visitId: string) => options.stripeApi().to('/v1/payment_intents').filter((request) => request.form['metadata[visitId]'] === visitId),
  };
}

/**
 * A test file under Stripe: before its tests, a Stripe double and what `start` starts (an app, or a
 * journey's app and browser) pointed at it with these keys; after them, both closed. The getters
 * are read inside tests; `harness` works on them.
 */
export function stripeTestFile<T extends { close(): Promise<void> }>(
  keys: { secretKey: string; webhookSecret: string },
  start: (env: Record<string, string>) => Promise<T>,
  appOf: (started: T) => TestApp,
) {
  let stripeApi: StripeDouble | undefined;
  let started: T | undefined;
  beforeAll(async () => {
    stripeApi = await new StripeDouble().start();
    started = await start({ STRIPE_SECRET_KEY: keys.secretKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret, STRIPE_API_URL: stripeApi.url });
  });
  afterAll(async () => {
    await started?.close();
    await stripeApi?.close();
  });
  const ready = <V>(value: V | undefined): V => {
    if (value === undefined) throw new Error('not started yet: read these inside tests or hooks');
    return value;
  };
  const app = () => appOf(ready(started));
  const double = () => ready(stripeApi);
  return {
    started: () => ready(started),
    app,
    stripeApi: double,
    db: () => app().runtime.database.db,
    harness: stripeHarness({ app, stripeApi: double, ...keys }),
  };
}

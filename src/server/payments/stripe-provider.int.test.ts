import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, elevateSession, signIn } from '../../../test/factories';
import { callApi } from '../../../test/http';
import { insertPayableVisit, StripeDouble, waitFor } from '../../../test/payment-fixtures';
import { invoiceLines, paymentAccounts, paymentEvents, payouts, visits } from '../db/schema/index';

const WEBHOOK_SECRET = 'whsec_test_carerelay_double';
const SECRET_KEY = 'sk_test_carerelay_double';

let stripeApi: StripeDouble;
let app: TestApp;
beforeAll(async () => {
  stripeApi = await new StripeDouble().start();
  app = await startTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripeApi.url });
});
afterAll(async () => {
  await app.close();
  await stripeApi.close();
});

const db = () => app.runtime.database.db;
const sdk = new Stripe(SECRET_KEY);

/** An event as Stripe sends it, signed with the SDK's own test helper (or with another secret). */
function deliver(event: { id: string; type: string; object: Record<string, unknown> }, options: { secret?: string } = {}) {
  const payload = JSON.stringify({ id: event.id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), type: event.type, livemode: false, data: { object: event.object } });
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return fetch(`${app.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

async function jobCount(name: string, visitId: string) {
  const { rows } = await app.runtime.database.pool.query<{ count: string }>("select count(*) from pgboss.job where name = $1 and data->>'visitId' = $2", [name, visitId]);
  return Number(rows[0]?.count ?? 0);
}

describe('Stripe Connect adapter', () => {
  it('onboards a therapist: a connected Express account once, then an account link each time', async () => {
    const therapist = await buildTherapist(db());
    const cookie = await signIn(app.url, therapist);
    await elevateSession(db(), cookie);

    const first = await callApi(app.url, 'POST', '/api/therapist/payments/onboarding', { cookie });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { url: string };
    expect(body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);

    const [account] = stripeApi.to('/v1/accounts');
    expect(account?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(account?.contentType).toMatch(/application\/x-www-form-urlencoded/);
    expect(account?.idempotencyKey).toBe(`therapist-${therapist.userId}-account`);
    expect(account?.form).toMatchObject({ type: 'express', country: 'US', email: therapist.email, 'capabilities[transfers][requested]': 'true', 'metadata[therapistId]': therapist.userId });
    const [stored] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.userId, therapist.userId));
    expect(stored).toMatchObject({ provider: 'stripe', payoutsEnabled: false });
    expect(stripeApi.to('/v1/account_links').at(-1)?.form).toMatchObject({
      account: stored?.accountId,
      type: 'account_onboarding',
      return_url: `${app.url}/dashboard/therapist/payments?onboarding=done`,
    });

    const again = await callApi(app.url, 'POST', '/api/therapist/payments/onboarding', { cookie });
    expect(again.status).toBe(200);
    expect(stripeApi.to('/v1/accounts')).toHaveLength(1);
    expect(stripeApi.to('/v1/account_links')).toHaveLength(2);
  });

  it('charges the agency once through an outage (500, retried with the same key), then transfers to the therapist once', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: 'acct_ready', payoutsEnabled: true });
    stripeApi.failNext('/v1/payment_intents', 1);
    stripeApi.failNext('/v1/transfers', 1);

    const visit = await insertPayableVisit(app.runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 150.25, provider: 'stripe' });

    const payout = await waitFor(async () => {
      const [row] = await db().select().from(payouts).where(eq(payouts.visitId, visit.id));
      return row?.status === 'paid' ? row : undefined;
    }, 25_000, 'the payout');
    const charges = stripeApi.to('/v1/payment_intents').filter((request) => request.form['metadata[visitId]'] === visit.id);
    expect(charges).toHaveLength(2);
    expect(new Set(charges.map((request) => request.idempotencyKey))).toEqual(new Set([`visit-${visit.id}-charge`]));
    expect(charges[1]?.form).toMatchObject({ amount: '15025', currency: 'usd', transfer_group: `visit-${visit.id}`, 'metadata[agencyId]': agency.userId });
    const transfers = stripeApi.to('/v1/transfers').filter((request) => request.form['metadata[visitId]'] === visit.id);
    expect(transfers).toHaveLength(2);
    expect(new Set(transfers.map((request) => request.idempotencyKey))).toEqual(new Set([`visit-${visit.id}-payout`]));
    expect(transfers[1]?.form).toMatchObject({ amount: '15025', destination: 'acct_ready', transfer_group: `visit-${visit.id}` });
    expect(payout).toMatchObject({ status: 'paid', providerReference: expect.stringMatching(/^tr_/), failureMessage: null });

    const [line] = await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    expect(line).toMatchObject({ status: 'processing', providerReference: expect.stringMatching(/^pi_/) });
    expect(await jobCount('payment-payout', visit.id)).toBe(1);

    // Stripe confirms the charge: the line is paid, and with the payout paid the visit is too.
    const succeeded = await deliver({ id: `evt_pi_${visit.id}`, type: 'payment_intent.succeeded', object: { id: line!.providerReference, object: 'payment_intent', status: 'succeeded', metadata: { visitId: visit.id } } });
    expect(succeeded.status).toBe(200);
    expect(await succeeded.json()).toEqual({ received: true, duplicate: false });
    const [paidLine] = await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    expect(paidLine).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect((await db().select().from(visits).where(eq(visits.id, visit.id)))[0]?.status).toBe('paid');
  });

  it('holds a payout until the therapist can receive payouts; account.updated delivered 8 times at once queues it once', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: `acct_new_${therapist.userId}` });
    const visit = await insertPayableVisit(app.runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });

    await waitFor(async () => {
      const [row] = await db().select().from(payouts).where(eq(payouts.visitId, visit.id));
      return row?.failureMessage ? row : undefined;
    }, 20_000, 'the payout to wait for onboarding');
    expect(stripeApi.to('/v1/transfers').filter((request) => request.form['metadata[visitId]'] === visit.id)).toHaveLength(0);
    expect(await jobCount('payment-payout', visit.id)).toBe(1);

    const event = { id: `evt_acct_${therapist.userId}`, type: 'account.updated', object: { id: `acct_new_${therapist.userId}`, object: 'account', payouts_enabled: true } };
    const responses = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    expect(await jobCount('payment-payout', visit.id)).toBe(2);

    await waitFor(async () => {
      const [row] = await db().select().from(payouts).where(eq(payouts.visitId, visit.id));
      return row?.status === 'paid';
    }, 20_000, 'the payout after onboarding');
    expect(stripeApi.to('/v1/transfers').filter((request) => request.form['metadata[visitId]'] === visit.id)).toHaveLength(1);

    // A later, separate delivery of the same event changes nothing either.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await jobCount('payment-payout', visit.id)).toBe(2);
  });

  it('refuses a webhook signed with another secret, a tampered body, or no signature (400), recording nothing', async () => {
    const event = { id: 'evt_forged', type: 'payment_intent.succeeded', object: { id: 'pi_forged', object: 'payment_intent', metadata: {} } };
    expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(400);

    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: event.object } });
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${app.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('pi_forged', 'pi_forgex'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${app.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toHaveLength(0);
  });
});

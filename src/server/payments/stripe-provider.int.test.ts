import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { buildPayableVisit, waitFor } from '../../../test/payment-fixtures';
import { stripeTestFile } from '../../../test/stripe-harness';
import { paymentAccounts, paymentCustomers, paymentEvents, visits } from '../db/schema/index';
import { AWAITING_AGENCY_PAYMENT, AWAITING_PAYMENT_METHOD } from './jobs';
import type { AgencyPaymentMethod } from './schemas';

const WEBHOOK_SECRET = 'whsec_test_carerelay_double';
const SECRET_KEY = 'sk_test_carerelay_double';

const { app, stripeApi, db, harness } = stripeTestFile(
  { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  startTestApp,
  (started) => started,
);
const sdk = new Stripe(SECRET_KEY);
const { deliver, jobCount, session, saveCard, agencyWithCard, readyTherapist, lineOf, payoutOf, transfersFor, intentRequestsFor } = harness;

describe('Stripe Connect adapter', () => {
  it('onboards a therapist: a connected Express account once, then an account link each time', async () => {
    const therapist = await buildTherapist(db());
    const cookie = await session(therapist);

    const first = await callApi(app().url, 'POST', '/api/therapist/payments/onboarding', { cookie });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { url: string };
    expect(body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);

    const [account] = stripeApi().to('/v1/accounts');
    expect(account?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(account?.contentType).toMatch(/application\/x-www-form-urlencoded/);
    expect(account?.idempotencyKey).toBe(`therapist-${therapist.userId}-account`);
    expect(account?.form).toMatchObject({ type: 'express', country: 'US', email: therapist.email, 'capabilities[transfers][requested]': 'true', 'metadata[therapistId]': therapist.userId });
    const [stored] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.userId, therapist.userId));
    expect(stored).toMatchObject({ provider: 'stripe', payoutsEnabled: false });
    expect(stripeApi().to('/v1/account_links').at(-1)?.form).toMatchObject({
      account: stored?.accountId,
      type: 'account_onboarding',
      return_url: `${app().url}/dashboard/therapist/payments?onboarding=done`,
    });

    const again = await callApi(app().url, 'POST', '/api/therapist/payments/onboarding', { cookie });
    expect(again.status).toBe(200);
    expect(stripeApi().to('/v1/accounts')).toHaveLength(1);
    expect(stripeApi().to('/v1/account_links')).toHaveLength(2);
  });

  it('creates the agency\'s Stripe customer once when 10 setups race, and starts Checkout in setup mode back to the invoices page', async () => {
    const agency = await buildAgency(db(), { companyName: 'Racing Home Health' });
    const cookie = await session(agency);
    const responses = await Promise.all(Array.from({ length: 10 }, () => callApi(app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie })));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { url: string }[];
    expect(bodies.every((body) => body.url.startsWith('https://checkout.stripe.test/c/setup/cs_test_'))).toBe(true);

    const created = stripeApi().to('/v1/customers').filter((request) => request.form['metadata[agencyId]'] === agency.userId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ idempotencyKey: `agency-${agency.userId}-customer`, form: { name: 'Racing Home Health', email: agency.email } });
    const stored = await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agency.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'stripe', customerId: expect.stringMatching(/^cus_/), paymentMethodId: null });

    const sessions = stripeApi().to('/v1/checkout/sessions').filter((request) => request.form['metadata[agencyId]'] === agency.userId);
    expect(sessions).toHaveLength(10);
    expect(new Set(sessions.map((request) => request.form.customer))).toEqual(new Set([stored[0]!.customerId]));
    expect(sessions[0]?.form).toMatchObject({
      mode: 'setup',
      currency: 'usd',
      success_url: `${app().url}/dashboard/agency/invoices?payment-method=saved`,
      cancel_url: `${app().url}/dashboard/agency/invoices?payment-method=cancelled`,
    });
  });

  it('saves the method from the setup webhook as the customer\'s default, shows only its brand and last four, and handles a repeat once', async () => {
    const agency = await buildAgency(db());
    const cookie = await session(agency);
    const before = (await (await callApi(app().url, 'GET', '/api/agency/payments/payment-method', { cookie })).json()) as AgencyPaymentMethod;
    expect(before).toEqual({ provider: 'stripe', paymentMethod: null, linesAwaitingPaymentMethod: 0, message: AWAITING_PAYMENT_METHOD });

    const saved = await saveCard(cookie, { brand: 'mastercard', last4: '4444' });
    expect(stripeApi().to(`/v1/customers/${saved.customerId}`).at(-1)?.form).toEqual({ 'invoice_settings[default_payment_method]': saved.paymentMethodId });
    expect(stripeApi().customers.get(saved.customerId)?.invoice_settings).toEqual({ default_payment_method: saved.paymentMethodId });
    const [stored] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agency.userId));
    expect(stored).toMatchObject({ paymentMethodId: saved.paymentMethodId, paymentMethodBrand: 'mastercard', paymentMethodLast4: '4444' });

    const shown = await callApi(app().url, 'GET', '/api/agency/payments/payment-method', { cookie });
    expect(await shown.json()).toEqual({ provider: 'stripe', paymentMethod: { brand: 'mastercard', last4: '4444', updatedAt: expect.any(String) }, linesAwaitingPaymentMethod: 0, message: null });

    // Stripe also sends setup_intent.succeeded for the same setup, and may deliver any event again.
    const readsBefore = stripeApi().to(`/v1/setup_intents/${saved.setupIntentId}`).length;
    const setupEvent = { id: `evt_seti_${saved.setupIntentId}`, type: 'setup_intent.succeeded', object: saved.setupIntent };
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(setupEvent)));
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(200));
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, setupEvent.id))).toHaveLength(1);
    expect(await (await deliver(setupEvent)).json()).toEqual({ received: true, duplicate: true });
    expect(stripeApi().to(`/v1/setup_intents/${saved.setupIntentId}`).length - readsBefore).toBeLessThanOrEqual(5);
    expect(stripeApi().to(`/v1/setup_intents/${saved.setupIntentId}`).length - readsBefore).toBeGreaterThanOrEqual(1);
  });

  it('charges the saved card off-session once through an outage (500, retried with the same key), then transfers from that charge once', async () => {
    const { agency, customerId, paymentMethodId } = await agencyWithCard();
    const therapist = await readyTherapist();
    stripeApi().failNext('/v1/payment_intents', 1);
    stripeApi().failNext('/v1/transfers', 1);

    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 150.25, provider: 'stripe' });

    const payout = await waitFor(async () => {
      const row = await payoutOf(visit.id);
      return row.status === 'paid' ? row : undefined;
    }, 25_000, 'the payout');
    const charges = intentRequestsFor(visit.id);
    expect(charges).toHaveLength(2);
    expect(new Set(charges.map((request) => request.idempotencyKey))).toEqual(new Set([`visit-${visit.id}-charge`]));
    expect(charges[1]?.form).toMatchObject({
      amount: '15025',
      currency: 'usd',
      customer: customerId,
      transfer_group: `visit-${visit.id}`,
      'metadata[agencyId]': agency.userId,
    });
    // Created unconfirmed (its parameters depend on the visit alone), then confirmed with the card.
    expect(charges[1]?.form).not.toHaveProperty('payment_method');
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);

    const line = await lineOf(visit.id);
    const confirms = stripeApi().to(`/v1/payment_intents/${line.providerReference}/confirm`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({ idempotencyKey: `visit-${visit.id}-charge-attempt-1-${paymentMethodId}`, form: { payment_method: paymentMethodId, off_session: 'true' } });
    expect(line).toMatchObject({ status: 'paid', providerReference: expect.stringMatching(/^pi_/), chargeReference: expect.stringMatching(/^ch_/), failureMessage: null });
    const transfers = transfersFor(visit.id);
    expect(transfers).toHaveLength(2);
    expect(new Set(transfers.map((request) => request.idempotencyKey))).toEqual(new Set([`visit-${visit.id}-payout`]));
    expect(transfers[1]?.form).toMatchObject({ amount: '15025', destination: `acct_ready_${therapist.userId}`, source_transaction: line.chargeReference, transfer_group: `visit-${visit.id}` });
    expect(payout).toMatchObject({ status: 'paid', providerReference: expect.stringMatching(/^tr_/), failureMessage: null });
    expect((await db().select().from(visits).where(eq(visits.id, visit.id)))[0]?.status).toBe('paid');

    // Stripe's own word that the payment succeeded arrives afterwards and changes nothing.
    const succeeded = await deliver({ id: `evt_pi_${visit.id}`, type: 'payment_intent.succeeded', object: { id: line.providerReference, object: 'payment_intent', status: 'succeeded', latest_charge: line.chargeReference, metadata: { visitId: visit.id } } });
    expect(await succeeded.json()).toEqual({ received: true, duplicate: false });
    expect(await jobCount('payment-charge', visit.id)).toBe(1);
    expect(await jobCount('payment-payout', visit.id)).toBe(1);
    expect(transfersFor(visit.id)).toHaveLength(2);
  });

  it('parks the charge until the agency saves a payment method (shown to the agency and a manager), then charges it once', async () => {
    const agency = await buildAgency(db());
    const cookie = await session(agency);
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 90, provider: 'stripe' });

    await waitFor(async () => (await lineOf(visit.id)).failureMessage === AWAITING_PAYMENT_METHOD, 20_000, 'the line to wait for a payment method');
    expect(await lineOf(visit.id)).toMatchObject({ status: 'pending', providerReference: null });
    expect(intentRequestsFor(visit.id)).toHaveLength(0);
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', failureMessage: AWAITING_AGENCY_PAYMENT });
    const invoice = (await (await callApi(app().url, 'GET', '/api/agency/invoice', { cookie })).json()) as { lines: { visitId: string; status: string; failureMessage: string }[] };
    expect(invoice.lines.find((item) => item.visitId === visit.id)).toMatchObject({ status: 'pending', failureMessage: AWAITING_PAYMENT_METHOD });
    expect(await (await callApi(app().url, 'GET', '/api/agency/payments/payment-method', { cookie })).json()).toMatchObject({ paymentMethod: null, linesAwaitingPaymentMethod: 1 });
    const manager = await session(await buildManager(db()));
    const ledger = (await (await callApi(app().url, 'GET', `/api/admin/payments?agencyId=${agency.userId}`, { cookie: manager })).json()) as { invoiceLines: { failureMessage: string }[] };
    expect(ledger.invoiceLines[0]?.failureMessage).toBe(AWAITING_PAYMENT_METHOD);
    expect(await jobCount('payment-charge', visit.id)).toBe(1);

    const saved = await saveCard(cookie);
    // The same setup's second event (setup_intent.succeeded) queues nothing more.
    await deliver({ id: `evt_seti_${saved.setupIntentId}`, type: 'setup_intent.succeeded', object: saved.setupIntent });
    expect(await jobCount('payment-charge', visit.id)).toBe(2);

    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout after the card was saved');
    expect(await lineOf(visit.id)).toMatchObject({ status: 'paid', failureMessage: null });
    expect(intentRequestsFor(visit.id)).toHaveLength(1);
    expect(transfersFor(visit.id)).toHaveLength(1);
  });

  it('does not transfer while the charge is processing; payment_intent.succeeded (delivered 5 times) queues one transfer from that charge', async () => {
    const { agency } = await agencyWithCard({ outcome: 'processing' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });

    const line = await waitFor(async () => {
      const row = await lineOf(visit.id);
      return row.status === 'processing' ? row : undefined;
    }, 20_000, 'the charge to be processing');
    await waitFor(async () => {
      const { rows } = await app().runtime.database.pool.query<{ state: string }>("select state from pgboss.job where name = 'payment-charge' and data->>'visitId' = $1", [visit.id]);
      return rows[0]?.state === 'completed';
    }, 20_000, 'the charge job to finish');
    expect(await jobCount('payment-payout', visit.id)).toBe(0);
    expect(transfersFor(visit.id)).toHaveLength(0);
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending' });

    const charge = stripeApi().paymentIntents.get(line.providerReference!)?.latest_charge as string;
    stripeApi().settleCharge(charge);
    const event = { id: `evt_pi_ok_${visit.id}`, type: 'payment_intent.succeeded', object: { id: line.providerReference, object: 'payment_intent', status: 'succeeded', latest_charge: charge, metadata: { visitId: visit.id } } };
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(200));
    expect(await jobCount('payment-payout', visit.id)).toBe(1);

    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout');
    expect(await lineOf(visit.id)).toMatchObject({ status: 'paid', chargeReference: charge });
    expect(transfersFor(visit.id)).toHaveLength(1);
    expect(transfersFor(visit.id)[0]?.form.source_transaction).toBe(charge);
  });

  it('payment_intent.payment_failed marks a processing line failed with the reason the agency sees, and nothing is transferred', async () => {
    const { agency, cookie } = await agencyWithCard({ outcome: 'processing' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    const line = await waitFor(async () => {
      const row = await lineOf(visit.id);
      return row.status === 'processing' ? row : undefined;
    }, 20_000, 'the charge to be processing');

    const failed = await deliver({
      id: `evt_pi_fail_${visit.id}`,
      type: 'payment_intent.payment_failed',
      object: { id: line.providerReference, object: 'payment_intent', status: 'requires_payment_method', latest_charge: line.chargeReference, last_payment_error: { message: 'The bank account was closed' }, metadata: { visitId: visit.id } },
    });
    expect(failed.status).toBe(200);
    const message = 'The bank account was closed. Update your payment method to try again.';
    expect(await lineOf(visit.id)).toMatchObject({ status: 'failed', failureMessage: message });
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', failureMessage: AWAITING_AGENCY_PAYMENT });
    const invoice = (await (await callApi(app().url, 'GET', '/api/agency/invoice', { cookie })).json()) as { lines: { visitId: string; status: string; failureMessage: string }[] };
    expect(invoice.lines.find((item) => item.visitId === visit.id)).toMatchObject({ status: 'failed', failureMessage: message });
    expect(await jobCount('payment-payout', visit.id)).toBe(0);
    expect(transfersFor(visit.id)).toHaveLength(0);
  });

  it('a declined card fails the line with the reason; a new card retries it once by confirming the same PaymentIntent under a new key', async () => {
    const { agency, cookie } = await agencyWithCard({ outcome: 'declined' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 80, provider: 'stripe' });

    const failed = await waitFor(async () => {
      const row = await lineOf(visit.id);
      return row.status === 'failed' ? row : undefined;
    }, 20_000, 'the declined charge');
    expect(failed).toMatchObject({ providerReference: expect.stringMatching(/^pi_/), failureMessage: 'Your card has insufficient funds. Update your payment method to try again.' });
    expect(transfersFor(visit.id)).toHaveLength(0);
    expect(await jobCount('payment-payout', visit.id)).toBe(0);
    // Stripe's webhook for the same decline agrees and changes nothing else.
    const event = { id: `evt_pi_declined_${visit.id}`, type: 'payment_intent.payment_failed', object: { id: failed.providerReference, object: 'payment_intent', status: 'requires_payment_method', last_payment_error: { message: 'Your card has insufficient funds.' }, metadata: { visitId: visit.id } } };
    expect((await deliver(event)).status).toBe(200);
    expect(await lineOf(visit.id)).toMatchObject({ status: 'failed', failureMessage: failed.failureMessage });

    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', failureMessage: AWAITING_AGENCY_PAYMENT });
    const saved = await saveCard(cookie, { outcome: 'succeeded', last4: '0005' });
    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout after the retry');
    const confirms = stripeApi().to(`/v1/payment_intents/${failed.providerReference}/confirm`);
    expect(confirms).toHaveLength(2);
    expect(confirms[1]).toMatchObject({ idempotencyKey: `visit-${visit.id}-charge-attempt-2-${saved.paymentMethodId}`, form: { payment_method: saved.paymentMethodId, off_session: 'true' } });
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);
    const paid = await lineOf(visit.id);
    expect(paid).toMatchObject({ status: 'paid', chargeAttempt: 2, providerReference: failed.providerReference, failureMessage: null });
    expect(transfersFor(visit.id)).toHaveLength(1);
    expect(transfersFor(visit.id)[0]?.form.source_transaction).toBe(paid.chargeReference);
  });

  it('holds a payout until the therapist can receive payouts; account.updated delivered 8 times at once queues it once', async () => {
    const { agency } = await agencyWithCard();
    const therapist = await buildTherapist(db());
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: `acct_new_${therapist.userId}` });
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });

    await waitFor(async () => {
      const row = await payoutOf(visit.id);
      return row.failureMessage ? row : undefined;
    }, 20_000, 'the payout to wait for onboarding');
    expect((await lineOf(visit.id)).status).toBe('paid');
    expect(transfersFor(visit.id)).toHaveLength(0);
    expect(await jobCount('payment-payout', visit.id)).toBe(1);

    const event = { id: `evt_acct_${therapist.userId}`, type: 'account.updated', object: { id: `acct_new_${therapist.userId}`, object: 'account', payouts_enabled: true } };
    const responses = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    expect(await jobCount('payment-payout', visit.id)).toBe(2);

    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout after onboarding');
    expect(transfersFor(visit.id)).toHaveLength(1);

    // A later, separate delivery of the same event changes nothing either.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await jobCount('payment-payout', visit.id)).toBe(2);
  });

  it('answers 500 when Stripe cannot be reached to read a finished setup, so Stripe delivers it again; the redelivery saves the card', async () => {
    const agency = await buildAgency(db());
    const cookie = await session(agency);
    const response = await callApi(app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie });
    const sessionId = ((await response.json()) as { url: string }).url.split('/').at(-1)!;
    const done = stripeApi().completeSetup(sessionId, { last4: '1881' });
    const event = { id: `evt_cs_outage_${sessionId}`, type: 'checkout.session.completed', object: done.session };
    stripeApi().failNext(`/v1/setup_intents/${done.setupIntentId}`, 1);
    expect((await deliver(event)).status).toBe(500);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(0);
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    const [stored] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agency.userId));
    expect(stored).toMatchObject({ paymentMethodId: done.paymentMethodId, paymentMethodLast4: '1881' });
  });

  it('answers 503 with a clear message when Stripe is down as an agency starts adding a card, and creates one customer on the next try', async () => {
    const agency = await buildAgency(db());
    const cookie = await session(agency);
    stripeApi().failNext('/v1/customers', 1);
    const down = await callApi(app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie });
    expect(down.status).toBe(503);
    expect((await errorOf(down)).message).toMatch(/Stripe could not be reached/);
    expect(await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agency.userId))).toHaveLength(0);
    expect((await callApi(app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie })).status).toBe(200);
    const created = stripeApi().to('/v1/customers').filter((request) => request.form['metadata[agencyId]'] === agency.userId);
    expect(new Set(created.map((request) => request.idempotencyKey))).toEqual(new Set([`agency-${agency.userId}-customer`]));
    expect(await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agency.userId))).toHaveLength(1);
  });

  it('ignores a finished setup that CareRelay did not start (no agency in its metadata): no Stripe call, no card saved', async () => {
    const agency = await buildAgency(db());
    const cookie = await session(agency);
    const response = await callApi(app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie });
    const sessionId = ((await response.json()) as { url: string }).url.split('/').at(-1)!;
    const done = stripeApi().completeSetup(sessionId);
    const foreign = { ...done.session, metadata: {} };
    const delivered = await deliver({ id: `evt_foreign_${sessionId}`, type: 'checkout.session.completed', object: foreign });
    expect(await delivered.json()).toEqual({ received: true, duplicate: false });
    expect(stripeApi().to(`/v1/setup_intents/${done.setupIntentId}`)).toHaveLength(0);
    expect((await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agency.userId)))[0]?.paymentMethodId).toBeNull();
  });

  it('refuses a webhook signed with another secret, a tampered body, or no signature (400), recording nothing', async () => {
    const event = { id: 'evt_forged', type: 'payment_intent.succeeded', object: { id: 'pi_forged', object: 'payment_intent', metadata: {} } };
    expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(400);

    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: event.object } });
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${app().url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('pi_forged', 'pi_forgex'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${app().url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toHaveLength(0);
  });
});

describe('payment method endpoints: who may use them', () => {
  let agencyA: Awaited<ReturnType<typeof agencyWithCard>>;
  let agencyB: { cookie: string; userId: string };
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    agencyA = await agencyWithCard();
    const b = await buildAgency(db());
    agencyB = { cookie: await session(b), userId: b.userId };
    cookies.therapist = await session(await buildTherapist(db()));
    cookies.manager = await session(await buildManager(db()));
  });

  for (const [method, path] of [
    ['GET', '/api/agency/payments/payment-method'],
    ['POST', '/api/agency/payments/payment-method/setup'],
  ] as const) {
    it(`${method} ${path} refuses the signed-out (401), a therapist and a manager (403)`, async () => {
      expect((await callApi(app().url, method, path)).status).toBe(401);
      const therapist = await callApi(app().url, method, path, { cookie: cookies.therapist });
      expect(therapist.status).toBe(403);
      expect((await errorOf(therapist)).code).toBe('FORBIDDEN');
      expect((await callApi(app().url, method, path, { cookie: cookies.manager })).status).toBe(403);
    });
  }

  it('another agency sees none of this agency\'s card and sets up its own customer, never this one', async () => {
    const own = (await (await callApi(app().url, 'GET', '/api/agency/payments/payment-method', { cookie: agencyA.cookie })).json()) as AgencyPaymentMethod;
    expect(own.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
    const other = (await (await callApi(app().url, 'GET', '/api/agency/payments/payment-method', { cookie: agencyB.cookie })).json()) as AgencyPaymentMethod;
    expect(other.paymentMethod).toBeNull();

    expect((await callApi(app().url, 'POST', '/api/agency/payments/payment-method/setup', { cookie: agencyB.cookie })).status).toBe(200);
    const [bCustomer] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.agencyId, agencyB.userId));
    expect(bCustomer?.customerId).not.toBe(agencyA.customerId);
    expect(stripeApi().to('/v1/checkout/sessions').at(-1)?.form.customer).toBe(bCustomer?.customerId);
  });

  it('the response carries no Stripe ids: only the brand, last four digits and when it was saved', async () => {
    const text = await (await callApi(app().url, 'GET', '/api/agency/payments/payment-method', { cookie: agencyA.cookie })).text();
    expect(text).not.toContain(agencyA.customerId);
    expect(text).not.toContain(agencyA.paymentMethodId);
  });
});


import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { buildPayableVisit, waitFor, type StripeRequest } from '../../../test/payment-fixtures';
import { stripeTestFile } from '../../../test/stripe-harness';
import { auditLog, visits } from '../db/schema/index';
import { AWAITING_AGENCY_PAYMENT, CHARGE_UNREACHABLE } from './jobs';
import type { InvoiceLineItem } from './schemas';

/**
 * Charges that go wrong in time: events arriving out of order, a card replaced while a charge is
 * retried through an outage, a charge job that runs out of retries, and the agency's "Retry
 * payment". Each ends with one PaymentIntent and at most one successful charge per visit.
 */

const WEBHOOK_SECRET = 'whsec_test_carerelay_retries';
const SECRET_KEY = 'sk_test_carerelay_retries';

// Two retries (after about 1 s, then 2 s): enough to ride out a blip, short enough to see a charge job give up.
const { app, stripeApi, db, harness } = stripeTestFile(
  { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  (env) => startTestApp({ ...env, JOB_RETRY_LIMIT: '2' }),
  (started) => started,
);
const { deliver, jobCount, session, saveCard, agencyWithCard, readyTherapist, lineOf, payoutOf, transfersFor } = harness;

const retry = (lineId: string, cookie?: string) => callApi(app().url, 'POST', `/api/agency/payments/invoice-lines/${lineId}/retry`, { cookie });
const isConfirmation = (request: StripeRequest) => /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(request.path);
const succeededCharges = (visitId: string) => stripeApi().chargesFor(visitId).filter((charge) => charge.outcome === 'succeeded');

async function lineWithStatus(visitId: string, status: string) {
  return waitFor(async () => {
    const line = await lineOf(visitId);
    return line.status === status ? line : undefined;
  }, 25_000, `the line to be ${status}`);
}

/** payment_intent.payment_failed as Stripe sends it for one failed charge of the visit's PaymentIntent. */
function paymentFailed(eventId: string, visitId: string, intentId: string, chargeId: string) {
  return deliver({
    id: eventId,
    type: 'payment_intent.payment_failed',
    object: { id: intentId, object: 'payment_intent', status: 'requires_payment_method', latest_charge: chargeId, last_payment_error: { message: 'Your card has insufficient funds.' }, metadata: { visitId } },
  });
}

function paymentSucceeded(eventId: string, visitId: string, intentId: string, chargeId: string) {
  return deliver({ id: eventId, type: 'payment_intent.succeeded', object: { id: intentId, object: 'payment_intent', status: 'succeeded', latest_charge: chargeId, metadata: { visitId } } });
}

describe('events out of order', () => {
  it('a late payment_failed of the declined first charge does not fail the line the new card re-queued; the new charge\'s success pays it once', async () => {
    const { agency, cookie } = await agencyWithCard({ outcome: 'declined' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    const declined = await lineWithStatus(visit.id, 'failed');
    const firstCharge = stripeApi().chargesFor(visit.id)[0]!;
    expect(firstCharge.outcome).toBe('declined');

    // A bank transfer this time: the new charge stays processing while the old event turns up.
    await saveCard(cookie, { outcome: 'processing' });
    const processing = await lineWithStatus(visit.id, 'processing');
    expect(processing.chargeReference).not.toBe(firstCharge.id);
    expect((await paymentFailed(`evt_late_fail_${visit.id}`, visit.id, declined.providerReference!, firstCharge.id)).status).toBe(200);
    expect(await lineOf(visit.id)).toMatchObject({ status: 'processing', chargeAttempt: 2, chargeReference: processing.chargeReference, failureMessage: null });

    stripeApi().settleCharge(processing.chargeReference!);
    const succeeded = await paymentSucceeded(`evt_ok_${visit.id}`, visit.id, declined.providerReference!, processing.chargeReference!);
    expect(await succeeded.json()).toEqual({ received: true, duplicate: false });
    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout');

    // Later still: the old failure again (a new delivery) and a second success event for the same payment.
    expect((await paymentFailed(`evt_late_fail_again_${visit.id}`, visit.id, declined.providerReference!, firstCharge.id)).status).toBe(200);
    expect((await paymentSucceeded(`evt_ok_again_${visit.id}`, visit.id, declined.providerReference!, processing.chargeReference!)).status).toBe(200);
    expect(await lineOf(visit.id)).toMatchObject({ status: 'paid', chargeReference: processing.chargeReference, failureMessage: null });
    expect(await jobCount('payment-payout', visit.id)).toBe(1);
    expect(transfersFor(visit.id)).toHaveLength(1);
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);
  });

  it('a payment_failed for the charge the line is waiting on still fails it', async () => {
    const { agency } = await agencyWithCard({ outcome: 'processing' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    const processing = await lineWithStatus(visit.id, 'processing');
    // An event naming another charge (not this line's) changes nothing...
    await paymentFailed(`evt_other_charge_${visit.id}`, visit.id, processing.providerReference!, 'ch_someone_else');
    expect((await lineOf(visit.id)).status).toBe('processing');
    // ...the one naming its charge fails it.
    await paymentFailed(`evt_this_charge_${visit.id}`, visit.id, processing.providerReference!, processing.chargeReference!);
    expect(await lineOf(visit.id)).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds. Update your payment method to try again.' });
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', failureMessage: AWAITING_AGENCY_PAYMENT });
  });
});

describe('a card replaced while the first charge is retried after an outage', () => {
  for (const [lost, when] of [
    [2, 'on the job\'s retry after the outage'],
    [1, 'in the same run, as the decline arrives after the new card was saved'],
  ] as const)
  it(`declined card, answer lost, new card saved meanwhile: ${when}, the same PaymentIntent is confirmed with the new card and paid once`, async () => {
    const { agency, cookie, paymentMethodId: oldCard } = await agencyWithCard({ outcome: 'declined' });
    const therapist = await readyTherapist();
    let newCard = '';
    // Stripe declines the old card but the answer never arrives (the SDK retries a dropped connection
    // once by itself, so 2 is an outage for the whole run); meanwhile the agency saves a new card.
    stripeApi().loseNext((request) => isConfirmation(request) && request.form.payment_method === oldCard, {
      count: lost,
      before: async () => {
        if (!newCard) newCard = (await saveCard(cookie, { outcome: 'succeeded', last4: '0077' })).paymentMethodId;
      },
    });
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 120, provider: 'stripe' });

    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 25_000, 'the payout');
    expect(stripeApi().lostAll).toBe(true);
    const line = await lineOf(visit.id);
    expect(line).toMatchObject({ status: 'paid', chargeAttempt: 1, failureMessage: null });
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);
    expect(stripeApi().chargesFor(visit.id).map((charge) => charge.outcome)).toEqual(['declined', 'succeeded']);
    expect(line.chargeReference).toBe(succeededCharges(visit.id)[0]?.id);
    const confirms = stripeApi().to(`/v1/payment_intents/${line.providerReference}/confirm`);
    expect(confirms.map((request) => request.form.payment_method)).toEqual([oldCard, oldCard, newCard]);
    expect(new Set(confirms.map((request) => request.idempotencyKey)).size).toBe(2);
    // One job rode it out: the new card did not need a second one.
    expect(await jobCount('payment-charge', visit.id)).toBe(1);
    expect(transfersFor(visit.id).map((request) => request.form.source_transaction)).toEqual([line.chargeReference]);
  });

  it('old card charged, answer lost: the new card is never charged and the old charge pays the visit', async () => {
    const { agency, cookie, paymentMethodId: oldCard } = await agencyWithCard({ outcome: 'succeeded' });
    const therapist = await readyTherapist();
    let replaced = false;
    stripeApi().loseNext((request) => isConfirmation(request) && request.form.payment_method === oldCard, {
      count: 2,
      before: async () => {
        if (!replaced) await saveCard(cookie, { outcome: 'succeeded', last4: '0088' });
        replaced = true;
      },
    });
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });

    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 25_000, 'the payout');
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);
    expect(stripeApi().chargesFor(visit.id).map((charge) => charge.outcome)).toEqual(['succeeded']);
    const line = await lineOf(visit.id);
    expect(line).toMatchObject({ status: 'paid', chargeReference: succeededCharges(visit.id)[0]?.id });
    expect(transfersFor(visit.id)).toHaveLength(1);
  });
});

describe('a charge job that runs out of retries', () => {
  it('marks the line failed with what to do; Retry payment charges it once under a new attempt, and a second press is refused', async () => {
    const { agency, cookie } = await agencyWithCard();
    const therapist = await readyTherapist();
    stripeApi().failNext('/v1/payment_intents', 3);
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 95, provider: 'stripe' });

    const failed = await lineWithStatus(visit.id, 'failed');
    expect(failed).toMatchObject({ failureMessage: CHARGE_UNREACHABLE, chargeAttempt: 1, providerReference: null });
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', failureMessage: AWAITING_AGENCY_PAYMENT });
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(0);
    const invoice = (await (await callApi(app().url, 'GET', '/api/agency/invoice', { cookie })).json()) as { lines: InvoiceLineItem[] };
    expect(invoice.lines.find((item) => item.visitId === visit.id)).toMatchObject({ status: 'failed', failureMessage: CHARGE_UNREACHABLE });

    const [first, second] = await Promise.all([retry(failed.id, cookie), retry(failed.id, cookie)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const accepted = (first.status === 200 ? first : second);
    expect(await accepted.json()).toMatchObject({ id: failed.id, visitId: visit.id, status: 'pending', failureMessage: null });
    const refused = await errorOf(first.status === 409 ? first : second);
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'This payment is already being charged. Only a failed payment can be retried.' });

    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout after the retry');
    expect(await lineOf(visit.id)).toMatchObject({ status: 'paid', chargeAttempt: 2, failureMessage: null });
    expect(await jobCount('payment-charge', visit.id)).toBe(2);
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);
    expect(succeededCharges(visit.id)).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'payment.charge_retried'), eq(auditLog.entityId, failed.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: agency.userId, outcome: 'success', details: { visitId: visit.id, attempt: 2 } });

    const paid = await retry(failed.id, cookie);
    expect(paid.status).toBe(409);
    expect((await errorOf(paid)).message).toBe('This visit is already paid.');
  });

  it('Stripe charged while every answer was lost: the line shows failed, then Stripe\'s late payment_intent.succeeded pays it once', async () => {
    const { agency } = await agencyWithCard();
    const therapist = await readyTherapist();
    // Every run's confirmation and the SDK's one retry of each (3 runs): Stripe charged, CareRelay never heard.
    stripeApi().loseNext(isConfirmation, { count: 6 });
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });

    const failed = await lineWithStatus(visit.id, 'failed');
    expect(failed).toMatchObject({ failureMessage: CHARGE_UNREACHABLE, providerReference: expect.stringMatching(/^pi_/) });
    expect(transfersFor(visit.id)).toHaveLength(0);
    const [charge] = succeededCharges(visit.id);
    expect(charge).toBeDefined();

    const event = await paymentSucceeded(`evt_late_ok_${visit.id}`, visit.id, failed.providerReference!, charge!.id);
    expect(await event.json()).toEqual({ received: true, duplicate: false });
    await waitFor(async () => (await payoutOf(visit.id)).status === 'paid', 20_000, 'the payout');
    expect(await lineOf(visit.id)).toMatchObject({ status: 'paid', chargeReference: charge!.id, failureMessage: null });
    expect((await db().select().from(visits).where(eq(visits.id, visit.id)))[0]?.status).toBe('paid');
    expect(await jobCount('payment-payout', visit.id)).toBe(1);
    expect(transfersFor(visit.id)).toHaveLength(1);
    expect(stripeApi().intentsFor(visit.id)).toHaveLength(1);
  });
});

describe('POST /api/agency/payments/invoice-lines/:id/retry: who may use it', () => {
  let owner: Awaited<ReturnType<typeof agencyWithCard>>;
  let failedLineId: string;
  let failedVisitId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    owner = await agencyWithCard({ outcome: 'declined' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: owner.agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    failedVisitId = visit.id;
    failedLineId = (await lineWithStatus(visit.id, 'failed')).id;
    cookies.otherAgency = await session(await buildAgency(db()));
    cookies.pendingAgency = await session(await buildAgency(db(), { status: 'pending' }));
    cookies.therapist = await session(await buildTherapist(db()));
    cookies.manager = await session(await buildManager(db()));
  });

  const unchanged = async () => expect(await lineOf(failedVisitId)).toMatchObject({ status: 'failed', chargeAttempt: 1 });

  it('refuses the signed-out (401), a therapist, a manager and a not yet approved agency (403)', async () => {
    expect((await retry(failedLineId)).status).toBe(401);
    for (const who of ['therapist', 'manager', 'pendingAgency']) {
      const response = await retry(failedLineId, cookies[who]);
      expect(response.status, who).toBe(403);
      expect((await errorOf(response)).code).toBe('FORBIDDEN');
    }
    await unchanged();
  });

  it('another agency cannot retry this line: 404, as if it did not exist', async () => {
    const response = await retry(failedLineId, cookies.otherAgency);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'No such invoice line.' });
    await unchanged();
  });

  it('names the field when the id is not an id (400)', async () => {
    const response = await retry('not-an-id', owner.cookie);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await errorOf(response))).toMatch(/id/);
  });

  it('refuses a line that is processing (409) with a clear message', async () => {
    const { agency, cookie } = await agencyWithCard({ outcome: 'processing' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    const line = await lineWithStatus(visit.id, 'processing');
    const response = await retry(line.id, cookie);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'CONFLICT', message: 'This payment is being processed by the bank. Only a failed payment can be retried.' });
    expect(await lineOf(visit.id)).toMatchObject({ status: 'processing', chargeAttempt: 1 });
  });

  it('a manager retries any agency\'s failed line from the ledger (audited); the agency and a therapist cannot use that route', async () => {
    const { agency, cookie, paymentMethodId } = await agencyWithCard({ outcome: 'declined' });
    const therapist = await readyTherapist();
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    const failed = await lineWithStatus(visit.id, 'failed');
    const path = `/api/admin/payments/invoice-lines/${failed.id}/retry`;
    expect((await callApi(app().url, 'POST', path)).status).toBe(401);
    expect((await callApi(app().url, 'POST', path, { cookie })).status).toBe(403);
    expect((await callApi(app().url, 'POST', path, { cookie: cookies.therapist })).status).toBe(403);
    expect(await lineOf(visit.id)).toMatchObject({ status: 'failed', chargeAttempt: 1 });

    const response = await callApi(app().url, 'POST', path, { cookie: cookies.manager });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: failed.id, agencyName: expect.any(String), status: 'pending' });
    // The same card is declined again, under the new attempt's own key.
    await waitFor(async () => stripeApi().to(`/v1/payment_intents/${failed.providerReference}/confirm`).length === 2, 20_000, 'the second confirmation');
    expect(stripeApi().to(`/v1/payment_intents/${failed.providerReference}/confirm`)[1]?.idempotencyKey).toBe(`visit-${visit.id}-charge-attempt-2-${paymentMethodId}`);
    await lineWithStatus(visit.id, 'failed');
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'payment.charge_retried'), eq(auditLog.entityId, failed.id)));
    expect(audit?.actorUserId).not.toBe(agency.userId);
  });
});

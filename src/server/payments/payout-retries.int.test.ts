import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { buildPayableVisit, waitFor, type StripeRequest } from '../../../test/payment-fixtures';
import { stripeTestFile } from '../../../test/stripe-harness';
import { auditLog, paymentAccounts, visits } from '../db/schema/index';
import { AWAITING_ONBOARDING, PAYOUT_UNREACHABLE } from './jobs';
import { createPayoutJob } from './payout-job';
import type { PaymentProvider } from './provider';
import type { PayoutItem } from './schemas';

/**
 * Payouts that go wrong: a transfer job that runs out of retries, a transfer Stripe made although
 * its answer was lost, a declined transfer, a reversed one; and the manager's "Retry payout". Each
 * ends with at most one live transfer per visit, and the payout shows why it is not paid.
 */

const WEBHOOK_SECRET = 'whsec_test_carerelay_payout_retries';
const SECRET_KEY = 'sk_test_carerelay_payout_retries';

// Two retries (after about 1 s, then 2 s): enough to see a payout job give up.
const { app, stripeApi, db, harness } = stripeTestFile(
  { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  (env) => startTestApp({ ...env, JOB_RETRY_LIMIT: '2' }),
  (started) => started,
);
const { deliver, jobCount, session, agencyWithCard, readyTherapist, payoutOf } = harness;

let managerCookie = '';
let managerId = '';
beforeAll(async () => {
  const manager = await buildManager(db());
  managerId = manager.userId;
  managerCookie = await session(manager);
});

const retryPayout = (payoutId: string, cookie?: string) => callApi(app().url, 'POST', `/api/admin/payments/payouts/${payoutId}/retry`, { cookie });
const transferCreation = (visitId: string) => (request: StripeRequest) =>
  request.method === 'POST' && request.path === '/v1/transfers' && request.form['metadata[visitId]'] === visitId;
/** The provider's look-ups of a visit's transfers (made before a retry creates one). */
const transferLookups = (visitId: string) =>
  stripeApi().to('/v1/transfers').filter((request) => request.method === 'GET' && request.query.transfer_group === `visit-${visitId}`);

async function payoutWithStatus(visitId: string, status: string, timeoutMs = 25_000) {
  return waitFor(async () => {
    const payout = await payoutOf(visitId);
    return payout.status === status ? payout : undefined;
  }, timeoutMs, `the payout to be ${status}`);
}

/** A visit of an agency with a good card and an onboarded therapist (charged at once, then paid out), with its transfers declined when told. */
async function chargedVisit(options: { declineTransfers?: boolean } = {}) {
  const { agency } = await agencyWithCard();
  const therapist = await readyTherapist();
  const [account] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.userId, therapist.userId));
  // The visit's transfer group is known only once it exists, so the decline is set by destination first.
  if (options.declineTransfers) stripeApi().declineTransfersTo(account!.accountId);
  const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
  return { visit, therapist, accountId: account!.accountId };
}

/** A visit whose transfer Stripe made while every answer to the payout job was lost: the job gave up and the payout failed. */
async function transferMadeButUnheard() {
  const { agency } = await agencyWithCard();
  const therapist = await readyTherapist();
  // Each of the job's three runs asks once and the SDK once more on the dropped connection: six answers lost.
  const [account] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.userId, therapist.userId));
  stripeApi().loseNext((request) => request.method === 'POST' && request.path === '/v1/transfers' && request.form.destination === account?.accountId, { count: 6 });
  const { id: visitId } = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 90, provider: 'stripe' });
  return { visitId, failed: await payoutWithStatus(visitId, 'failed') };
}

async function auditOf(payoutId: string) {
  return db().select().from(auditLog).where(and(eq(auditLog.action, 'payment.payout_retried'), eq(auditLog.entityId, payoutId)));
}

describe('a payout job that runs out of retries', () => {
  it('marks the payout failed for the manager and the therapist; Retry payout pays it once as attempt 2, and a second press is refused', async () => {
    const { agency } = await agencyWithCard();
    const therapist = await readyTherapist();
    const therapistCookie = await session(therapist);
    // Every run of the payout job (the first and two retries) finds Stripe down.
    stripeApi().failNext('/v1/transfers', 3);
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 130, provider: 'stripe' });

    const failed = await payoutWithStatus(visit.id, 'failed');
    expect(failed).toMatchObject({ failureMessage: PAYOUT_UNREACHABLE, payoutAttempt: 1, providerReference: null, paidAt: null });
    expect(stripeApi().transfersOf(visit.id)).toHaveLength(0);
    const ledger = (await (await callApi(app().url, 'GET', '/api/admin/payments?status=failed', { cookie: managerCookie })).json()) as { payouts: PayoutItem[] };
    expect(ledger.payouts.find((item) => item.visitId === visit.id)).toMatchObject({ id: failed.id, status: 'failed', failureMessage: PAYOUT_UNREACHABLE });
    const own = (await (await callApi(app().url, 'GET', '/api/therapist/payouts', { cookie: therapistCookie })).json()) as { payouts: PayoutItem[]; pendingTotal: number };
    expect(own.payouts.find((item) => item.visitId === visit.id)).toMatchObject({ status: 'failed', failureMessage: PAYOUT_UNREACHABLE });
    expect(own.pendingTotal).toBe(130);

    // A double click (or two managers at once): one retry is queued, the other is told why not.
    const [first, second] = await Promise.all([retryPayout(failed.id, managerCookie), retryPayout(failed.id, managerCookie)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const accepted = first.status === 200 ? first : second;
    expect(await accepted.json()).toMatchObject({ id: failed.id, visitId: visit.id, therapistName: expect.any(String), agencyName: expect.any(String), status: 'pending', failureMessage: null });
    expect(await errorOf(first.status === 409 ? first : second)).toMatchObject({
      code: 'CONFLICT',
      message: 'This payout is already being paid. Only a failed payout can be retried.',
    });

    const paid = await payoutWithStatus(visit.id, 'paid', 20_000);
    const [transfer] = stripeApi().transfersOf(visit.id);
    expect(stripeApi().transfersOf(visit.id)).toHaveLength(1);
    expect(paid).toMatchObject({ payoutAttempt: 2, providerReference: transfer?.id, failureMessage: null, paidAt: expect.any(Date) });
    // The retry is a new request under its own key, the first one's key untouched.
    const created = stripeApi().to('/v1/transfers').filter(transferCreation(visit.id));
    expect(created.map((request) => request.idempotencyKey)).toEqual([
      `visit-${visit.id}-payout`,
      `visit-${visit.id}-payout`,
      `visit-${visit.id}-payout`,
      `visit-${visit.id}-payout-attempt-2`,
    ]);
    expect((await db().select().from(visits).where(eq(visits.id, visit.id)))[0]?.status).toBe('paid');
    expect(await jobCount('payment-payout', visit.id)).toBe(2);
    const audit = await auditOf(failed.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: managerId, outcome: 'success', entityType: 'payout', details: { visitId: visit.id, attempt: 2 } });
    const after = (await (await callApi(app().url, 'GET', '/api/therapist/payouts', { cookie: therapistCookie })).json()) as { payouts: PayoutItem[]; paidTotal: number };
    expect(after.payouts.find((item) => item.visitId === visit.id)).toMatchObject({ status: 'paid', failureMessage: null });

    const again = await retryPayout(failed.id, managerCookie);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This payout is already paid.');
    expect(await auditOf(failed.id)).toHaveLength(1);
  });

  it('Stripe made the transfer but every answer was lost: the payout fails, and Retry payout finds that transfer instead of paying twice', async () => {
    const { visitId, failed } = await transferMadeButUnheard();
    expect(stripeApi().lostAll).toBe(true);
    expect(failed).toMatchObject({ failureMessage: PAYOUT_UNREACHABLE, providerReference: null });
    // The therapist was in fact paid: Stripe holds one transfer, which CareRelay never heard of.
    const [made] = stripeApi().transfersOf(visitId);
    expect(stripeApi().transfersOf(visitId)).toHaveLength(1);

    const retried = await retryPayout(failed.id, managerCookie);
    expect(retried.status).toBe(200);
    const paid = await payoutWithStatus(visitId, 'paid', 20_000);
    expect(paid).toMatchObject({ payoutAttempt: 2, providerReference: made?.id, failureMessage: null });
    expect(stripeApi().transfersOf(visitId)).toHaveLength(1);
    expect(stripeApi().to('/v1/transfers').filter(transferCreation(visitId)).map((request) => request.idempotencyKey)).not.toContain(`visit-${visitId}-payout-attempt-2`);
    expect(transferLookups(visitId)).toHaveLength(1);
    expect((await db().select().from(visits).where(eq(visits.id, visitId)))[0]?.status).toBe('paid');
  });
});

describe('a transfer.created event for a payout whose job gave up', () => {
  it('settles it: the transfer went through, so the payout is paid with it and nothing is left to retry', async () => {
    const { visitId, failed } = await transferMadeButUnheard();
    expect(failed.failureMessage).toBe(PAYOUT_UNREACHABLE);
    const [made] = stripeApi().transfersOf(visitId);

    const event = await deliver({ id: `evt_transfer_${visitId}`, type: 'transfer.created', object: made as unknown as Record<string, unknown> });
    expect(event.status).toBe(200);
    const paid = await payoutOf(visitId);
    expect(paid).toMatchObject({ status: 'paid', providerReference: made?.id, failureMessage: null, payoutAttempt: 1 });
    expect((await db().select().from(visits).where(eq(visits.id, visitId)))[0]?.status).toBe('paid');
    const again = await retryPayout(failed.id, managerCookie);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This payout is already paid.');
    expect(stripeApi().transfersOf(visitId)).toHaveLength(1);
  });

  it('does not undo a reversal: a late transfer.created leaves the reversed payout failed', async () => {
    const { visit } = await chargedVisit();
    const paid = await payoutWithStatus(visit.id, 'paid');
    const [created] = stripeApi().transfersOf(visit.id);
    const reversed = stripeApi().reverseTransfer(paid.providerReference!);
    expect((await deliver({ id: `evt_rev_${visit.id}`, type: 'transfer.reversed', object: reversed })).status).toBe(200);
    expect((await deliver({ id: `evt_late_${visit.id}`, type: 'transfer.created', object: { ...created, reversed: false } as unknown as Record<string, unknown> })).status).toBe(200);
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'failed', failureMessage: 'The transfer was reversed.' });
  });
});

describe('a declined transfer', () => {
  it('fails the payout with Stripe\'s reason at once; once the balance is topped up, Retry payout pays it', async () => {
    const { visit, accountId } = await chargedVisit({ declineTransfers: true });
    const failed = await payoutWithStatus(visit.id, 'failed');
    expect(failed).toMatchObject({ failureMessage: expect.stringMatching(/^You have insufficient available funds in your Stripe account/), payoutAttempt: 1 });
    // Final for this attempt: the job is not retried.
    expect(stripeApi().to('/v1/transfers').filter(transferCreation(visit.id))).toHaveLength(1);
    expect(await jobCount('payment-payout', visit.id)).toBe(1);

    stripeApi().acceptTransfersTo(accountId);
    const retried = await retryPayout(failed.id, managerCookie);
    expect(retried.status).toBe(200);
    const paid = await payoutWithStatus(visit.id, 'paid', 20_000);
    const transfers = stripeApi().transfersOf(visit.id);
    expect(transfers).toHaveLength(1);
    expect(paid).toMatchObject({ payoutAttempt: 2, providerReference: transfers[0]?.id, failureMessage: null });
    // Under the first key Stripe would have repeated its decline: the retry used its own.
    expect(stripeApi().to('/v1/transfers').filter(transferCreation(visit.id)).map((request) => request.idempotencyKey)).toEqual([
      `visit-${visit.id}-payout`,
      `visit-${visit.id}-payout-attempt-2`,
    ]);
  });

  it('a fully reversed transfer is not taken for the payout: the retry makes a new one', async () => {
    const { visit } = await chargedVisit();
    const paid = await payoutWithStatus(visit.id, 'paid');
    const reversed = stripeApi().reverseTransfer(paid.providerReference!);
    const event = await deliver({ id: `evt_reversed_${visit.id}`, type: 'transfer.reversed', object: reversed });
    expect(event.status).toBe(200);
    const failed = await payoutWithStatus(visit.id, 'failed');
    expect(failed.failureMessage).toBe('The transfer was reversed.');

    expect((await retryPayout(failed.id, managerCookie)).status).toBe(200);
    const repaid = await payoutWithStatus(visit.id, 'paid', 20_000);
    const transfers = stripeApi().transfersOf(visit.id);
    expect(transfers.map((transfer) => transfer.reversed)).toEqual([true, false]);
    expect(repaid).toMatchObject({ payoutAttempt: 2, providerReference: transfers[1]?.id });
  });
});

describe('what Retry payout refuses', () => {
  it('a payout waiting for the therapist\'s onboarding (pending) or whose transfer is under way (processing): 409, nothing changes', async () => {
    const { agency } = await agencyWithCard();
    const waiting = await buildTherapist(db());
    const pendingVisit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: waiting.userId, provider: 'stripe' });
    const pending = await waitFor(async () => {
      const payout = await payoutOf(pendingVisit.id);
      return payout.failureMessage === AWAITING_ONBOARDING ? payout : undefined;
    }, 20_000, 'the payout to wait for onboarding');
    const refused = await retryPayout(pending.id, managerCookie);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'CONFLICT', message: 'This payout is already being paid. Only a failed payout can be retried.' });
    expect(await payoutOf(pendingVisit.id)).toMatchObject({ status: 'pending', payoutAttempt: 1 });

    // Stripe holds the transfer request until the test has asked.
    const therapist = await readyTherapist();
    const [account] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.userId, therapist.userId));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived = false;
    stripeApi().loseNext((request) => request.method === 'POST' && request.path === '/v1/transfers' && request.form.destination === account?.accountId, {
      before: async () => {
        arrived = true;
        await released;
      },
    });
    const busyVisit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: therapist.userId, provider: 'stripe' });
    await waitFor(async () => arrived, 20_000, 'the transfer request');
    const processing = await payoutOf(busyVisit.id);
    expect(processing.status).toBe('processing');
    const busy = await retryPayout(processing.id, managerCookie);
    release();
    expect(busy.status).toBe(409);
    expect(await errorOf(busy)).toMatchObject({ code: 'CONFLICT', message: 'This payout is being processed by the payment provider. Only a failed payout can be retried.' });
    // The SDK asks again on the dropped connection and gets Stripe's first answer: paid, once, attempt 1.
    expect(await payoutWithStatus(busyVisit.id, 'paid', 20_000)).toMatchObject({ payoutAttempt: 1 });
    expect(stripeApi().transfersOf(busyVisit.id)).toHaveLength(1);
    expect(await auditOf(pending.id)).toHaveLength(0);
    expect(await auditOf(processing.id)).toHaveLength(0);
  });

  it('a job still running for an attempt the payout has moved past writes nothing', async () => {
    const { agency } = await agencyWithCard();
    const waiting = await buildTherapist(db());
    const visit = await buildPayableVisit(app().runtime, { agencyId: agency.userId, therapistId: waiting.userId, provider: 'stripe' });
    await waitFor(async () => (await payoutOf(visit.id)).failureMessage === AWAITING_ONBOARDING, 20_000, 'the payout to wait for onboarding');

    // The old attempt's job is at the provider when the payout fails (Stripe reports a reversal) and a manager retries it.
    let reversals = 0;
    const overtaken = async () => {
      const reversal = { id: `tr_reversed_${visit.id}`, object: 'transfer', reversed: true, metadata: { visitId: visit.id } };
      expect((await deliver({ id: `evt_overtaken_${++reversals}_${visit.id}`, type: 'transfer.reversed', object: reversal })).status).toBe(200);
      const failed = await payoutOf(visit.id);
      expect(failed.status).toBe('failed');
      expect((await retryPayout(failed.id, managerCookie)).status).toBe(200);
    };
    const stale = (payTherapist: PaymentProvider['payTherapist']) =>
      createPayoutJob({ database: app().runtime.database, jobs: app().runtime.jobs, payments: { name: 'ledger', payTherapist } as PaymentProvider });

    await stale(async () => {
      await overtaken();
      return { reference: 'tr_from_the_old_attempt', status: 'paid' };
    })({ visitId: visit.id });
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', payoutAttempt: 2, providerReference: null, paidAt: null });

    // The old attempt's last run fails too late: the new attempt is not failed with it.
    await expect(
      stale(async () => {
        await overtaken();
        throw new Error('connect ECONNREFUSED');
      })({ visitId: visit.id }, { jobId: randomUUID(), retryCount: 2, retryLimit: 2 }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(await payoutOf(visit.id)).toMatchObject({ status: 'pending', payoutAttempt: 3 });
    expect((await payoutOf(visit.id)).failureMessage).not.toBe(PAYOUT_UNREACHABLE);
  });
});

describe('POST /api/admin/payments/payouts/:id/retry: who may use it', () => {
  let failedPayoutId = '';
  let failedVisitId = '';
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const { visit, therapist } = await chargedVisit({ declineTransfers: true });
    failedVisitId = visit.id;
    failedPayoutId = (await payoutWithStatus(visit.id, 'failed')).id;
    cookies.agency = await session(await buildAgency(db()));
    cookies.therapist = await session(therapist);
    const manager = await buildManager(db());
    cookies.managerAal1 = await signIn(app().url, manager);
  });

  const unchanged = async () => {
    expect(await payoutOf(failedVisitId)).toMatchObject({ status: 'failed', payoutAttempt: 1 });
    expect(await jobCount('payment-payout', failedVisitId)).toBe(1);
    expect(await auditOf(failedPayoutId)).toHaveLength(0);
  };

  it('refuses the signed-out (401), an agency, the payout\'s own therapist and a manager without a second factor (403)', async () => {
    expect((await retryPayout(failedPayoutId)).status).toBe(401);
    for (const who of ['agency', 'therapist']) {
      const response = await retryPayout(failedPayoutId, cookies[who]);
      expect(response.status, who).toBe(403);
      expect((await errorOf(response)).code, who).toBe('FORBIDDEN');
    }
    const aal1 = await retryPayout(failedPayoutId, cookies.managerAal1);
    expect(aal1.status).toBe(403);
    expect((await errorOf(aal1)).code).toBe('MFA_REQUIRED');
    await unchanged();
  });

  it('answers 404 for an unknown payout and 400 naming the id for a malformed one', async () => {
    const unknown = await retryPayout('00000000-0000-4000-8000-000000000000', managerCookie);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: 'NOT_FOUND', message: 'No such payout.' });
    const malformed = await retryPayout('not-an-id', managerCookie);
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await errorOf(malformed))).toMatch(/id/);
    await unchanged();
  });
});

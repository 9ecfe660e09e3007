import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, paymentAccounts } from '../src/server/db/schema/index';
import { AWAITING_PAYMENT_METHOD } from '../src/server/payments/jobs';
import { seriousAxeViolations } from '../test/axe';
import { startE2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { buildPayableVisit, waitFor } from '../test/payment-fixtures';
import { stripeTestFile } from '../test/stripe-harness';

/**
 * Under Stripe an agency with a completed visit but no payment method sees why it is not charged,
 * goes to Stripe Checkout (setup mode) from the invoices page on a phone, and on its return sees
 * the saved card while the waiting visit is charged.
 */

const WEBHOOK_SECRET = 'whsec_e2e_payment_method';
const SECRET_KEY = 'sk_test_e2e_payment_method';
const PHONE = { width: 375, height: 800 };

const { started: e2e, stripeApi, db, harness } = stripeTestFile(
  { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  startE2e,
  (journey) => journey.app,
);

describe('agency payment method', () => {
  it('an agency adds a card through Stripe Checkout and its waiting visit is charged', async () => {
    const agency = await buildAgency(db(), { companyName: 'Checkout Home Health' });
    const therapist = await buildTherapist(db(), { firstName: 'Casey', lastName: 'Card' });
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: 'acct_e2e_ready', payoutsEnabled: true });
    const visit = await buildPayableVisit(e2e().app.runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 140, provider: 'stripe' });
    await waitFor(async () => (await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id)))[0]?.failureMessage === AWAITING_PAYMENT_METHOD);

    const page = await e2e().signedInPage(agency, { viewport: PHONE });
    await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout (double)</h1>' }));
    await page.goto('/dashboard/agency/invoices');
    const section = page.getByRole('region', { name: 'Payment method' });
    await section.getByText('1 completed visit is waiting to be charged.').waitFor();
    await page.getByRole('list', { name: 'Invoice lines' }).getByText(AWAITING_PAYMENT_METHOD).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const add = section.getByRole('button', { name: 'Add payment method' });
    await add.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/setup\/cs_test_/);
    const sessionId = page.url().split('/').at(-1)!;
    const done = stripeApi().completeSetup(sessionId, { brand: 'visa', last4: '4242' });
    const delivered = await harness.deliver({
      id: `evt_e2e_${sessionId}`,
      type: 'checkout.session.completed',
      object: done.session,
    });
    expect(delivered.status).toBe(200);

    // Stripe sends the browser back to the success URL it was given.
    await page.goto('/dashboard/agency/invoices?payment-method=saved');
    await section.getByText('Visa ending in 4242').waitFor();
    await section.getByText(/Payment method saved/).waitFor();
    await section.getByRole('button', { name: 'Replace payment method' }).waitFor();
    await waitFor(async () => (await db().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id)))[0]?.status === 'paid', 20_000, 'the charge');
    await page.reload();
    await page.getByRole('list', { name: 'Invoice lines' }).getByText('paid', { exact: true }).waitFor();
    expect(await page.getByText(AWAITING_PAYMENT_METHOD).count()).toBe(0);
  });

  it('an agency retries a declined payment from its invoices on a phone, and sees it paid', async () => {
    const agency = await buildAgency(db(), { companyName: 'Retry Home Health' });
    const therapist = await buildTherapist(db(), { firstName: 'Riley', lastName: 'Retry' });
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: 'acct_e2e_retry', payoutsEnabled: true });
    const cookie = await harness.session(agency);
    const card = await harness.saveCard(cookie, { outcome: 'declined', last4: '0341' });
    const visit = await buildPayableVisit(e2e().app.runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 110, provider: 'stripe' });
    await waitFor(async () => (await harness.lineOf(visit.id)).status === 'failed', 20_000, 'the declined charge');

    const page = await e2e().pageWithCookie(cookie, { viewport: PHONE });
    await page.goto('/dashboard/agency/invoices');
    const table = page.getByRole('list', { name: 'Invoice lines' });
    await table.getByText(/Your card has insufficient funds/).waitFor();
    const retry = table.getByRole('button', { name: /^Retry payment for the visit on / });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The agency topped up the account behind the card: the bank now approves it.
    stripeApi().paymentMethods.get(card.paymentMethodId)!.outcome = 'succeeded';
    await retry.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'we are charging your saved payment method again' }).waitFor();
    // The page keeps refreshing while the charge runs, so the line turns paid without a reload.
    await table.getByText('paid', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await table.getByRole('button', { name: /Retry payment/ }).count()).toBe(0);
    expect(await harness.lineOf(visit.id)).toMatchObject({ status: 'paid', chargeAttempt: 2 });
  });
});

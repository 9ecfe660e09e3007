import { describe, expect, it } from 'vitest';
import { paymentAccounts } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e } from '../test/e2e';
import { buildManager, buildTherapist } from '../test/factories';
import { buildPayableVisit, waitFor } from '../test/payment-fixtures';
import { stripeTestFile } from '../test/stripe-harness';

/**
 * Under Stripe a therapist's transfer is declined (the platform's balance is short): the manager
 * sees the failed payout and Stripe's reason on the payments page, and once the balance is topped
 * up retries it from the keyboard; the payout is paid once.
 */

const WEBHOOK_SECRET = 'whsec_e2e_payout_retry';
const SECRET_KEY = 'sk_test_e2e_payout_retry';

const { started: e2e, stripeApi, db, harness } = stripeTestFile(
  { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  startE2e,
  (journey) => journey.app,
);

describe('admin payout retry', () => {
  it('a manager retries a declined payout from the payments page and sees it paid', async () => {
    const { agency } = await harness.agencyWithCard();
    const therapist = await buildTherapist(db(), { firstName: 'Parker', lastName: 'Payout' });
    await db().insert(paymentAccounts).values({ userId: therapist.userId, provider: 'stripe', accountId: 'acct_e2e_payout_retry', payoutsEnabled: true });
    stripeApi().declineTransfersTo('acct_e2e_payout_retry');
    const visit = await buildPayableVisit(e2e().app.runtime, { agencyId: agency.userId, therapistId: therapist.userId, rate: 120, provider: 'stripe' });
    await waitFor(async () => (await harness.payoutOf(visit.id)).status === 'failed', 20_000, 'the declined transfer');

    const page = await e2e().signedInPage(await buildManager(db()), { aal: 'aal2' });
    await page.goto('/dashboard/admin/payments');
    const row = page.getByRole('table', { name: 'Therapist payouts' }).getByRole('row').filter({ hasText: 'Parker Payout' });
    await row.getByText(/insufficient available funds in your Stripe account/).waitFor();
    const retry = row.getByRole('button', { name: /^Retry payout to Parker Payout for the visit on / });
    expect(await seriousAxeViolations(page)).toEqual([]);

    stripeApi().acceptTransfersTo('acct_e2e_payout_retry');
    await retry.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Retrying the payout: Parker Payout, / }).waitFor();
    // The page keeps asking after a retry: the row turns paid without a reload.
    await row.getByText('paid', { exact: true }).waitFor({ timeout: 20_000 });
    expect((await harness.payoutOf(visit.id)).status).toBe('paid');
    expect(await row.getByRole('button', { name: /Retry payout/ }).count()).toBe(0);
    expect(stripeApi().transfersOf(visit.id)).toHaveLength(1);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { type E2e, PHONE_AND_DESKTOP, startE2e } from '../test/e2e';
import { buildEvaluatedReferral } from '../test/care-order-fixtures';
import { smallTapTargets } from '../test/tap-targets';

/**
 * Orders on the referral page: after the evaluation the therapist proposes frequency, duration and
 * goals (a bad frequency is named on its field); the agency returns them with a reason, the
 * therapist proposes again, and the agency approves with the date it obtained the physician's
 * order, by keyboard. Both see every version. On a phone and on a desktop.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const orders = (page: Page) => page.getByRole('region', { name: 'Orders' });
const versions = (page: Page) => orders(page).getByRole('list', { name: 'Versions of the orders, newest first' }).locator(':scope > li');

describe.each(PHONE_AND_DESKTOP)('on a $name', ({ viewport }) => {
  it('the therapist proposes, the agency returns, the therapist proposes again and the agency approves with the physician’s order date', async () => {
    const { agency, therapist, referral } = await buildEvaluatedReferral(db());
    const tPage = await e2e.signedInPage(therapist, { viewport, aal: 'aal2' });
    await tPage.goto(`/dashboard/therapist/referrals/${referral.id}#orders`);
    const form = orders(tPage).getByRole('form', { name: 'Propose orders' });
    await orders(tPage).getByText('No orders yet. Propose them after the evaluation visit.').waitFor();

    await form.getByLabel('Frequency and duration').fill('twice weekly');
    await form.getByLabel('Week 1 starts on').fill('2026-12-01');
    await form.getByLabel('Goals').fill('Walks 150 ft with a cane\nClimbs 12 stairs');
    await form.getByLabel('Why').fill('Evaluation findings');
    await form.getByRole('button', { name: 'Propose orders' }).click();
    await form.getByRole('alert').filter({ hasText: 'Use home-health notation such as 2w4' }).waitFor();
    expect(await form.getByLabel('Frequency and duration').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Frequency and duration').fill('1w1, 2w3');
    await form.getByRole('button', { name: 'Propose orders' }).click();
    await orders(tPage).getByText('Waiting for the agency to approve or return version 1.').waitFor();
    expect(await seriousAxeViolations(tPage)).toEqual([]);

    const aPage = await e2e.signedInPage(agency, { viewport, aal: 'aal2' });
    await aPage.goto(`/dashboard/agency/referrals/${referral.id}#orders`);
    const decide = orders(aPage).getByRole('form', { name: 'Decide on the proposed orders' });
    await decide.getByText(/The therapist proposes version 1: 1w1, 2w3/).waitFor();
    if (viewport.width < 1024) expect(await smallTapTargets(aPage, { within: '#orders' })).toEqual([]);
    // Approving needs the physician's order date; returning does not.
    await decide.getByLabel('Note or reason').fill('Goals need a measure of distance');
    await decide.getByRole('button', { name: 'Approve orders' }).click();
    await decide.getByRole('alert').filter({ hasText: 'Enter the date the physician’s order was obtained' }).waitFor();
    await decide.getByRole('button', { name: 'Return to the therapist' }).click();
    await versions(aPage).first().getByText('Returned', { exact: true }).waitFor();

    await tPage.reload();
    await orders(tPage).getByRole('form', { name: 'Propose orders' }).getByLabel('Why').fill('Measured goals');
    await orders(tPage).getByRole('button', { name: 'Propose orders' }).click();
    await orders(tPage).getByText('Waiting for the agency to approve or return version 3.').waitFor();

    await aPage.reload();
    // By keyboard: the date, the note, then Enter submits the approval.
    await decide.getByLabel('Physician’s order obtained on').fill('2026-11-20');
    await decide.getByLabel('Note or reason').focus();
    await aPage.keyboard.type('Signed order on file');
    await decide.getByRole('button', { name: 'Approve orders' }).focus();
    await aPage.keyboard.press('Enter');
    const newest = versions(aPage).first();
    await newest.getByText('Approved', { exact: true }).waitFor();
    await newest.getByText('Physician’s order obtained on Nov 20, 2026').waitFor();
    expect(await versions(aPage).count()).toBe(4);

    await tPage.reload();
    await versions(tPage).first().getByText('Approved', { exact: true }).waitFor();
    await orders(tPage).getByRole('button', { name: 'Propose a change' }).waitFor();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';

/**
 * Ratings hidden until both sides rate, on a phone: on a completed referral the agency rates its
 * therapist from the keyboard and reads that its rating waits for the therapist's; the therapist,
 * arriving from "Needs your attention", sees no trace of that score, rates the agency, and then
 * each side reads the rating it received.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const phone = { width: 390, height: 844 };

/** The ratings card meets the phone rules: no sideways scroll, 44 px targets (the stars too), axe clean. */
async function checkPhoneRules(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  expect(await smallTapTargets(page, { within: 'main' })).toEqual([]);
  for (const star of await page.locator('fieldset label:has(input[type="radio"])').all()) {
    const box = await star.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('rating the other side of a completed referral', () => {
  it('keeps each rating hidden until both sides have rated, then shows each side what it received', async () => {
    const agencyPerson = await buildAgency(db(), { companyName: 'Lone Star Home Health' });
    const therapistPerson = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Reyes' });
    const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'completed', matchedTherapistId: therapistPerson.userId });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });

    // The agency rates from the keyboard: Tab into the stars, arrows to four.
    const agency = await e2e.signedInPage(agencyPerson, { aal: 'aal2', viewport: phone });
    await agency.goto(`/dashboard/agency/referrals/${referral.id}`);
    const agencyCard = agency.getByRole('region', { name: 'Ratings' });
    const agencyForm = agencyCard.getByRole('form', { name: 'Rate Dana Reyes' });
    await agencyForm.waitFor();
    await checkPhoneRules(agency);
    await agencyForm.getByRole('radio', { name: '1 star' }).focus();
    for (let i = 0; i < 3; i++) await agency.keyboard.press('ArrowRight');
    expect(await agencyForm.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await agencyForm.getByLabel('Comment').fill('Notes always on time.');
    await agencyForm.getByRole('button', { name: 'Save rating' }).click();
    await agencyCard.getByText(/^Your rating is saved\. It will be shown when Dana Reyes rates too, or on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).waitFor();
    expect(await agencyCard.getByRole('img', { name: '4 of 5 stars' }).count()).toBe(1);
    await checkPhoneRules(agency);

    // The therapist follows "Needs your attention" to the referral and finds no trace of the agency's score.
    const therapist = await e2e.signedInPage(therapistPerson, { aal: 'aal2', viewport: phone });
    await therapist.goto('/dashboard/therapist');
    await therapist.getByRole('link', { name: /1 rating to give/ }).click();
    await therapist.waitForURL(`**/dashboard/therapist/referrals/${referral.id}#rating-0`);
    const therapistCard = therapist.getByRole('region', { name: 'Ratings' });
    const therapistForm = therapistCard.getByRole('form', { name: 'Rate Lone Star Home Health' });
    await therapistForm.waitFor();
    expect(await therapist.getByText('Notes always on time.').count()).toBe(0);
    expect(await therapist.getByRole('img', { name: /of 5 stars/ }).count()).toBe(0);
    expect(await therapist.getByTestId('agency-rating').textContent()).toBe('No ratings from therapists yet');
    await checkPhoneRules(therapist);

    // A missing score is named on the field.
    await therapistForm.getByRole('button', { name: 'Save rating' }).click();
    await therapistForm.getByText('Choose a rating from 1 to 5 stars.').waitFor();
    // A tap on the fifth star (its label), as a finger does.
    await therapistForm.locator('label', { has: therapist.getByRole('radio', { name: '5 stars' }) }).click();
    await therapistForm.getByRole('button', { name: 'Save rating' }).click();

    // Both rated: each side reads the rating it received.
    const received = therapistCard.getByRole('listitem').filter({ hasText: 'Notes always on time.' });
    await received.getByRole('img', { name: '4 of 5 stars' }).waitFor();
    await therapistCard.getByRole('heading', { name: 'Lone Star Home Health’s rating of you' }).waitFor();
    await therapistCard.getByText('Lone Star Home Health can see this rating.').waitFor();
    await therapist.getByText('Agency rating 5.0 from 1 rating').waitFor();

    await agency.reload();
    await agencyCard.getByRole('heading', { name: 'Dana Reyes’s rating of you' }).waitFor();
    await agencyCard.getByRole('img', { name: '5 of 5 stars' }).waitFor();
    await agencyCard.getByText('Dana Reyes can see this rating.').waitFor();
    expect(await agencyCard.getByRole('form').count()).toBe(0);
    await checkPhoneRules(agency);
  });
});

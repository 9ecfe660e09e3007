import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToKey, dateKeyIn, DEFAULT_TIME_ZONE } from '../src/domain/time-zones';
import { referralAgreedRates, referralServices } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { type E2e, PHONE_AND_DESKTOP, startE2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

/**
 * A reassessment coming due: 27 days after the PT's evaluation both dashboards say a care deadline
 * is due soon and lead to the referral's care clocks; the therapist books the reassessment the
 * schedule form suggests, and the line goes. Due on two referrals, the line leads both parties to
 * the care deadlines on their Schedule (also reached from the navigation), whose items lead to each
 * referral's care clocks and, for the therapist, to booking the reassessment. A PTA asking for a
 * progress report is refused with the rule. On a phone and on a desktop.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const DAY = 86_400_000;

const attention = (page: Page) => page.getByRole('region', { name: 'Needs your attention' });
const clocks = (page: Page) => page.getByRole('region', { name: 'Care clocks' });
const deadlines = (page: Page) => page.getByRole('region', { name: 'Care deadlines' });
/** The place in the app's navigation (the sidebar on a desktop, the tab bar on a phone). */
const place = (page: Page, label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).locator('visible=true');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * A PT referral in progress whose evaluation was 27 days ago, with treatments (and `extra` services)
 * left to book; between `parties` when given (a second referral of the same agency and therapist).
 */
async function evaluatedReferral(
  discipline: 'PT' | 'PTA' = 'PT',
  extra: Array<'progress_report'> = [],
  parties?: { agency: Awaited<ReturnType<typeof buildAgency>>; therapist: Awaited<ReturnType<typeof buildTherapist>> },
) {
  const agency = parties?.agency ?? (await buildAgency(db(), { companyName: 'Bluebird Home Care' }));
  const therapist = parties?.therapist ?? (await buildTherapist(db(), { discipline }));
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId, postedAt: new Date(Date.now() - 29 * DAY) });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
  for (const serviceId of ['treatment', ...extra] as const) {
    await db().insert(referralServices).values({ referralId: referral.id, serviceId, visitCount: 4, offeredRate: 100 });
    await db().insert(referralAgreedRates).values({ referralId: referral.id, serviceId, rate: 100 });
  }
  const at = new Date(Date.now() - 27 * DAY);
  await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, therapistDiscipline: 'PT', scheduledStart: at, checkInAt: at, checkOutAt: at });
  return { agency, therapist, referral };
}

async function openDashboard(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe.each(PHONE_AND_DESKTOP)('on a $name', ({ viewport }) => {
  it('a reassessment coming due shows on both dashboards and the referral; booking the suggested reassessment clears it', async () => {
    const { agency, therapist, referral } = await evaluatedReferral();

    for (const [person, side] of [
      [agency, 'agency'],
      [therapist, 'therapist'],
    ] as const) {
      const page = await e2e.signedInPage(person, { viewport, aal: 'aal2' });
      await openDashboard(page, `/dashboard/${side}`);
      const line = attention(page).getByRole('link', { name: '1 care deadline due soon' });
      await line.waitFor();
      expect((await line.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await line.click();
      await page.waitForURL((url) => url.pathname === `/dashboard/${side}/referrals/${referral.id}` && url.hash === '#care-clocks');
      const item = clocks(page).getByRole('listitem').filter({ hasText: 'Therapy reassessment' });
      await item.getByText('Due soon', { exact: true }).waitFor();
      await item.getByText(/^Due by .* · by the PT$/).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (viewport.width < 1024) expect(await smallTapTargets(page, { within: '#care-clocks' })).toEqual([]);

      if (side === 'therapist') {
        // The schedule form offers the reassessment the clock asks for; booked, the clock shows it and the line goes.
        const visits = page.getByRole('region', { name: 'Visits' });
        const type = visits.getByLabel('Visit type');
        await expect.poll(() => type.locator('option').allTextContents()).toEqual(['As the service', expect.stringMatching(/^Reassessment \(due by /), 'Routine visit']);
        await type.selectOption('reassessment');
        await visits.getByLabel('Date', { exact: true }).fill(addDaysToKey(dateKeyIn(new Date(), DEFAULT_TIME_ZONE), 1));
        await visits.getByRole('button', { name: 'Schedule visit' }).click();
        await visits.getByText('Visit scheduled.').waitFor();
        await item.getByRole('link', { name: /^Booked for / }).waitFor();
        await visits.getByRole('list', { name: 'Scheduled visits' }).getByRole('link', { name: /Treatment Session \(Reassessment\)/ }).waitFor();
        await openDashboard(page, '/dashboard/therapist');
        await attention(page).getByRole('heading').first().waitFor();
        await expect.poll(() => attention(page).getByRole('link', { name: '1 care deadline due soon' }).count()).toBe(0);
      }
    }
  });
});

describe.each(PHONE_AND_DESKTOP)('on a $name', ({ viewport }) => {
  it('reassessments due on two referrals: the dashboard line leads both parties to the care deadlines on their Schedule, each to its referral, and the therapist books one', async () => {
    const first = await evaluatedReferral();
    const second = await evaluatedReferral('PT', [], first);
    const referrals = [first.referral, second.referral];
    const itemOf = (page: Page, referral: { referenceNumber: number }) =>
      deadlines(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: `R-${referral.referenceNumber} · Austin, TX`, exact: true }) });

    for (const [person, side] of [
      [first.agency, 'agency'],
      [first.therapist, 'therapist'],
    ] as const) {
      const page = await e2e.signedInPage(person, { viewport, aal: 'aal2' });
      await openDashboard(page, `/dashboard/${side}`);
      // On two referrals, the line leads to the list that holds them both.
      await attention(page).getByRole('link', { name: '2 care deadlines due soon' }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/${side}/schedule` && url.hash === '#care-deadlines');
      for (const referral of referrals) {
        const item = itemOf(page, referral);
        await item.getByText('Therapy reassessment', { exact: true }).waitFor();
        await item.getByText('Due soon', { exact: true }).waitFor();
        await item.getByText(/^Due by .* · by the PT$/).waitFor();
      }
      // Scrolled to the top of the screen, just below the top bar (the router does not follow a #hash).
      await expect.poll(() => deadlines(page).evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBeLessThanOrEqual(100);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (viewport.width < 1024) expect(await smallTapTargets(page, { within: '#care-deadlines' })).toEqual([]);

      // The same list from the app's navigation; an item leads to its referral's care clocks.
      await openDashboard(page, `/dashboard/${side}`);
      await place(page, 'Schedule').click();
      await page.waitForURL(`**/dashboard/${side}/schedule`);
      await deadlines(page).getByText('Overdue and due soon on your referrals, and what comes due in the next 14 days, most pressing first.').waitFor();
      await itemOf(page, second.referral).getByRole('link', { name: `R-${second.referral.referenceNumber} · Austin, TX` }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/${side}/referrals/${second.referral.id}` && url.hash === '#care-clocks');
      await clocks(page).getByRole('listitem').filter({ hasText: 'Therapy reassessment' }).getByText('Due soon', { exact: true }).waitFor();

      await place(page, 'Schedule').click();
      const book = itemOf(page, first.referral).getByRole('link', { name: /^Book the reassessment/ });
      if (side === 'agency') {
        await itemOf(page, first.referral).waitFor();
        expect(await book.count()).toBe(0);
        continue;
      }
      // The therapist books it on the referral page, the reassessment chosen for them.
      await book.click();
      await page.waitForURL((url) => url.pathname === `/dashboard/therapist/referrals/${first.referral.id}` && url.search === '?book=reassessment' && url.hash === '#schedule-visits');
      const visits = page.getByRole('region', { name: 'Visits' });
      await expect.poll(() => visits.getByLabel('Visit type').inputValue()).toBe('reassessment');
      await visits.getByLabel('Date', { exact: true }).fill(addDaysToKey(dateKeyIn(new Date(), DEFAULT_TIME_ZONE), 1));
      await visits.getByRole('button', { name: 'Schedule visit' }).click();
      await visits.getByText('Visit scheduled.').waitFor();
      await place(page, 'Schedule').click();
      await itemOf(page, first.referral).getByRole('link', { name: /^Booked for / }).waitFor();
      expect(await itemOf(page, first.referral).getByRole('link', { name: /^Book the reassessment/ }).count()).toBe(0);
    }
  });
});

it('a PTA asking for a progress report (a reassessment) is refused with the rule, on the form', async () => {
  const { therapist, referral } = await evaluatedReferral('PTA', ['progress_report']);
  const page = await e2e.signedInPage(therapist, { viewport: { width: 390, height: 844 }, aal: 'aal2' });
  await page.goto(`/dashboard/therapist/referrals/${referral.id}`);
  const visits = page.getByRole('region', { name: 'Visits' });
  await visits.getByLabel('Service', { exact: true }).selectOption('progress_report');
  await visits.getByLabel('Date', { exact: true }).fill(addDaysToKey(dateKeyIn(new Date(), DEFAULT_TIME_ZONE), 1));
  await visits.getByRole('button', { name: 'Schedule visit' }).click();
  await visits.getByRole('alert').filter({ hasText: /^A Physical Therapist Assistant may not do a reassessment: Medicare requires a qualified therapist/ }).first().waitFor();
  // Nothing was booked.
  expect(await visits.getByText(/Progress Report: 0 of 4 booked/).count()).toBe(1);
});

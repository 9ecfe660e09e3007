import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/server/db/client';
import { createNotification } from '../src/server/notifications/service';
import { seriousAxeViolations } from '../test/axe';
import { type E2e, PHONE_AND_DESKTOP, startE2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { buildReferral } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

/**
 * The bell's "See all", alike notifications shown as one item, and "Needs your attention" leading
 * to where the work is done — on a phone and on a desktop.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const attention = (page: Page) => page.getByRole('region', { name: 'Needs your attention' });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Three new-referral alerts of one discipline (each its own referral) and one of another: what the marketplace sends. */
async function alerts(therapistId: string) {
  const agencyId = (await buildAgency(db())).userId;
  for (const [discipline, city] of [['PT', 'Austin'], ['PT', 'Round Rock'], ['OT', 'Austin'], ['PT', 'Pflugerville']] as const) {
    const referral = await buildReferral(db(), { agencyId, discipline, patientCity: city });
    await inTransaction(e2e.app.runtime.database, (t) =>
      createNotification(t, {
        userId: therapistId,
        type: 'referral.posted',
        title: `New ${discipline} referral near you`,
        body: `R-${referral.referenceNumber} · ${city}, TX, 3.0 mi from you: Initial Evaluation $150. Start by Dec 3, 2026.`,
        link: `/dashboard/therapist/referrals/${referral.id}`,
      }),
    );
  }
}

async function openDashboard(page: Page, path: string) {
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications' && response.ok());
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await listed;
}

describe.each(PHONE_AND_DESKTOP)('on a $name', ({ viewport }) => {
  it('the bell shows alike alerts as one item and leads to all notifications, where the group opens its list', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Noa', lastName: 'Grouped' });
    await alerts(therapist.userId);
    const page = await e2e.signedInPage(therapist, { viewport });
    await openDashboard(page, '/dashboard/therapist');
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 4 unread');

    await bell(page).click();
    const group = panel(page).getByRole('link', { name: /^Unread: 3 new PT referrals near you/ });
    await group.waitFor();
    await panel(page).getByText(/^The newest: R-\d+ · Pflugerville, TX/).waitFor();
    await panel(page).getByRole('link', { name: /New OT referral near you/ }).waitFor();
    expect(await panel(page).getByRole('listitem').count()).toBe(2);
    const seeAll = panel(page).getByRole('link', { name: 'See all notifications' });
    expect((await seeAll.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Every link and button of the panel is a finger's size where fingers tap (below the desktop breakpoint).
    if (viewport.width < 1024) {
      for (const target of await panel(page).locator('a[href], button').all()) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height), (await target.textContent()) ?? undefined).toBeGreaterThanOrEqual(44);
      }
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await seeAll.click();
    await page.waitForURL('**/dashboard/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(await panel(page).count()).toBe(0);
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByText('3 new PT referrals near you', { exact: true }).waitFor();
    await page.getByText('4 unread').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Opening the group leads to the referrals near the therapist and marks the three alerts read.
    await list.getByRole('link', { name: /3 new PT referrals near you/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist/referrals');
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('"Needs your attention" leads a therapist to the visit whose note is due, and is empty when nothing waits', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, status: 'completed' });
    const page = await e2e.signedInPage(therapist, { viewport, aal: 'aal2' });
    await openDashboard(page, '/dashboard/therapist');

    const due = attention(page).getByRole('link', { name: '1 visit note due' });
    await due.waitFor();
    expect((await due.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The figures lead to the lists they count, as tall as a fingertip on the phone.
    const payments = page.getByRole('link', { name: 'Pending Payments' });
    expect((await payments.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    if (viewport.width < 1024) expect(await smallTapTargets(page, { within: 'main' })).toEqual([]);

    await due.click();
    await page.waitForURL(`**/dashboard/therapist/visits/${visit.id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const newcomer = await e2e.signedInPage(await buildAgency(db()), { viewport });
    await openDashboard(newcomer, '/dashboard/agency');
    await attention(newcomer).getByText('Nothing needs your attention.').waitFor();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../src/domain/accounts';
import { dashboardPathFor, isWithin, sharedDashboardPaths } from '../src/web/dashboard/dashboard-paths';
import { inTransaction } from '../src/server/db/client';
import { createNotification } from '../src/server/notifications/service';
import { seriousAxeViolations } from '../test/axe';
import { crawl, dashboardRoutes, type CrawledPage } from '../test/crawl';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist } from '../test/factories';
import { callApi } from '../test/http';
import { buildPayableVisit } from '../test/payment-fixtures';
import { sessionCookie } from '../test/people';
import { buildReferral } from '../test/referral-fixtures';
import { createReferral } from '../test/referrals';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

/**
 * The app shell, at a phone's and a desktop's size: from each role's dashboard, following only the
 * app's links, every signed-in page of that role in router.tsx is reached; on each, the current
 * place is marked, nothing scrolls sideways on the phone, axe finds nothing serious, and on the
 * therapist's pages every link and button is big enough to tap.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const sizes = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const CRAWL_MS = 240_000;

/** The routes a role can open: its own dashboard's pages and the pages every signed-in user has. */
function routesOf(userType: UserType): string[] {
  const home = dashboardPathFor(userType);
  return dashboardRoutes().filter((route) => isWithin(route, home) || sharedDashboardPaths.some((shared) => route === shared));
}

/** The place each page is marked as (sub-pages under their list); pages not listed are only checked for one mark at most. */
const placeOf: Record<string, string> = {
  '/dashboard/agency': 'Dashboard',
  '/dashboard/agency/referrals': 'Referrals',
  '/dashboard/agency/referrals/new': 'Referrals',
  '/dashboard/agency/referrals/:id': 'Referrals',
  '/dashboard/agency/patients': 'Patients',
  '/dashboard/agency/schedule': 'Schedule',
  '/dashboard/agency/visits/:id': 'Schedule',
  '/dashboard/agency/invoices': 'Invoices',
  '/dashboard/agency/therapists': 'Therapists',
  '/dashboard/therapist': 'Today',
  '/dashboard/therapist/referrals': 'Referrals',
  '/dashboard/therapist/referrals/:id': 'Referrals',
  '/dashboard/therapist/schedule': 'Schedule',
  '/dashboard/therapist/visits/:id': 'Schedule',
  '/dashboard/therapist/payments': 'Payments',
  '/dashboard/therapist/settings': 'Settings',
  '/dashboard/admin': 'Dashboard',
  '/dashboard/admin/signups': 'Sign-ups',
  '/dashboard/admin/payments': 'Payments',
  '/dashboard/admin/referrals': 'Marketplace',
  '/dashboard/admin/undelivered': 'Dashboard',
  '/dashboard/notifications': 'Notifications',
  '/dashboard/security': 'Security',
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The label of the place marked aria-current="page", looking behind "More" on a phone when no tab is marked. */
async function markedPlace(page: Page): Promise<string | undefined> {
  const marked = mainNav(page).locator('[aria-current="page"]:visible');
  if ((await marked.count()) > 1) throw new Error(`${await marked.count()} places are marked current`);
  if ((await marked.count()) === 1) return (await marked.textContent()) ?? '';
  const more = mainNav(page).getByRole('button', { name: 'More' });
  if (!(await more.isVisible())) return undefined;
  await more.click();
  const sheet = page.getByRole('dialog', { name: 'More' });
  const inMore = sheet.locator('[aria-current="page"]');
  const label = (await inMore.count()) === 1 ? ((await inMore.textContent()) ?? '') : undefined;
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  return label;
}

/** The checks every page the crawl reaches must pass; soft, so one run reports every page that fails. */
async function checkPage(page: Page, visited: CrawledPage, options: { phone: boolean; tapTargets: boolean }) {
  const where = `${visited.route} (via ${['start', ...visited.trail.map((step) => step.path)].join(' → ')})`;
  const expected = placeOf[visited.route];
  const marked = await markedPlace(page);
  if (expected) expect.soft(marked, `${where}: the place marked current`).toBe(expected);
  if (options.phone) {
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  if (options.tapTargets) expect.soft(await smallTapTargets(page), `${where}: targets under 44 × 44 px`).toEqual([]);
  expect.soft(await seriousAxeViolations(page), where).toEqual([]);
}

/** Crawls as `person` and checks that every route of the role was reached, then that the logo leads home. */
async function crawlAs(person: { email: string; password: string }, userType: UserType, viewport: { width: number; height: number }) {
  const phone = viewport.width < 1024;
  const page = await e2e.pageWithCookie(await sessionCookie(e2e.app, person), { viewport });
  const start = dashboardPathFor(userType);
  const routes = routesOf(userType);
  const reached = await crawl(page, {
    start,
    routes,
    onPage: (visited) => checkPage(page, visited, { phone, tapTargets: phone && userType === 'therapist' }),
  });
  expect(reached.map((visited) => visited.route).sort()).toEqual([...routes].sort());
  if (phone && userType === 'therapist') {
    // The More sheet's links and Sign out are the shell's too.
    await mainNav(page).getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).waitFor();
    expect.soft(await smallTapTargets(page, { within: '[role="dialog"]' }), 'More: targets under 44 × 44 px').toEqual([]);
    await page.keyboard.press('Escape');
  }

  // The logo, from the last page reached, leads back to the dashboard rather than the public site.
  await page.getByRole('banner').getByRole('link', { name: 'CareRelay, your dashboard' }).click();
  await page.waitForURL((url) => url.pathname === start);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * An agency with a referral matched to a therapist, a visit today, a paid-for visit and a
 * notification each, so every list has a record to link to and every table a row.
 */
async function matchedPair() {
  const agency = await buildAgency(db(), { companyName: 'Crawl Home Care' });
  const therapist = await buildTherapist(db(), { firstName: 'Casey', lastName: 'Crawler' });
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
  await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, status: 'scheduled', scheduledStart: new Date() });
  await buildPayableVisit(e2e.app.runtime, { agencyId: agency.userId, therapistId: therapist.userId });
  for (const person of [agency, therapist]) {
    await inTransaction(e2e.app.runtime.database, (t) =>
      createNotification(t, { userId: person.userId, type: 'test', title: 'Visit note due', body: 'A visit note is due tomorrow.', link: '/dashboard/security' }),
    );
  }
  // An open referral near the therapist, offered to them, for the "Referrals near me" list.
  const other = await buildAgency(db(), { companyName: 'Open Offers Home Health' });
  await createReferral(e2e.app.url, await sessionCookie(e2e.app, other));
  return { agency, therapist };
}

describe('the app shell: every page of each role reached from its dashboard by links alone', () => {
  for (const [size, viewport] of sizes) {
    it(
      `an agency, on a ${size}`,
      async () => {
        const { agency } = await matchedPair();
        await crawlAs(agency, 'agency', viewport);
      },
      CRAWL_MS,
    );

    it(
      `a therapist, on a ${size}, with every link and button at least 44 × 44 px on the phone`,
      async () => {
        const { therapist } = await matchedPair();
        await crawlAs(therapist, 'therapist', viewport);
      },
      CRAWL_MS,
    );

    it(
      `a manager, on a ${size}`,
      async () => {
        await buildTherapist(db(), { firstName: 'Pending', lastName: 'Person', status: 'pending' });
        await crawlAs(await buildManager(db()), 'manager', viewport);
      },
      CRAWL_MS,
    );
  }
});

describe('the phone tab bar', () => {
  it('opens More from the keyboard, closes it with Escape back on More, and signs out from it', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Kim', lastName: 'Keyboard' });
    const cookie = await sessionCookie(e2e.app, therapist);
    const page = await e2e.pageWithCookie(cookie, { viewport: PHONE });
    await page.goto('/dashboard/therapist');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Kim Keyboard' }).waitFor();
    const nav = mainNav(page);
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Today', 'Referrals', 'Schedule', 'Payments']);

    const more = nav.getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    expect(await sheet.getByRole('link').allTextContents()).toEqual(['Notifications', 'Credentials', 'Settings', 'Security']);
    await sheet.getByText('Signed in as Kim Keyboard').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => more.evaluate((button) => button === document.activeElement)).toBe(true);

    // A place in More is marked on its link, and More itself looks current.
    await more.click();
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist/settings');
    await sheet.waitFor({ state: 'detached' });
    expect(await nav.locator('[aria-current="page"]').count()).toBe(0);
    await more.click();
    expect(await sheet.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');

    await sheet.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await callApi(e2e.app.url, 'GET', '/api/me', { cookie })).status).toBe(401);
  });
});

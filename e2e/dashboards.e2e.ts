import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { buildReferral } from '../test/referral-fixtures';
import { buildVisit } from '../test/visit-fixtures';
import { payouts } from '../src/server/db/schema/index';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const DAY = 86_400_000;
const PHONE = { width: 375, height: 800 };

/** A referral matched to `therapistId` after `fillMinutes`, a day ago. */
function matched(agencyId: string, therapistId: string, fillMinutes: number) {
  const matchedAt = new Date(Date.now() - DAY);
  return buildReferral(db(), {
    agencyId,
    status: 'matched',
    matchedTherapistId: therapistId,
    postedAt: new Date(matchedAt.getTime() - fillMinutes * 60_000),
    matchedAt,
  });
}

const stat = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd').first();

describe('dashboards from the database', () => {
  it("the agency dashboard shows its figures and activity, and each quick action opens its page", async () => {
    const agency = await buildAgency(db(), { companyName: 'Figures Home Care' });
    const robin = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Network' });
    const sam = await buildTherapist(db(), { firstName: 'Sam', lastName: 'Network' });
    const first = await matched(agency.userId, robin.userId, 90);
    await matched(agency.userId, sam.userId, 30);
    await matched(agency.userId, sam.userId, 150);
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    const start = new Date(Date.now() - 2 * 3_600_000);
    const parties = { referralId: first.id, agencyId: agency.userId, therapistId: robin.userId, scheduledStart: start, checkInAt: null };
    await buildVisit(db(), { ...parties, serviceId: 'evaluation', rate: 150, status: 'completed', checkOutAt: start });
    await buildVisit(db(), { ...parties, serviceId: 'treatment', rate: 100, status: 'scheduled' });

    const page = await e2e.signedInPage(agency);
    await page.goto('/dashboard/agency');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Figures Home Care' }).waitFor();
    await stat(page, 'Network Therapists').filter({ hasText: '2' }).waitFor();
    expect(await stat(page, 'Active Patients').textContent()).toBe('3');
    expect(await stat(page, 'Pending Referrals').textContent()).toBe('1');
    expect(await stat(page, 'Median fill time (30 days)').textContent()).toBe('1 h 30 min');
    expect(await stat(page, 'Visit completion rate (30 days)').textContent()).toBe('50%');
    await page.getByText('Initial Evaluation completed in Austin, TX').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /^View Therapists/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Network Therapists' }).waitFor();
    await page.getByRole('listitem', { name: 'Sam Network' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Robin Network' }).count()).toBe(1);

    await page.goto('/dashboard/agency');
    await page.getByRole('link', { name: /^Patient Records/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Patient Records' }).waitFor();
    await page.getByText('Robin Network', { exact: false }).first().waitFor();
    expect(await page.getByRole('list', { name: 'Patient records' }).getByRole('link').count()).toBe(3);

    await page.goto('/dashboard/agency');
    await page.getByRole('main').getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    await page.goto('/dashboard/agency');
    await page.getByRole('link', { name: /^New Referral/ }).click();
    await page.getByRole('heading', { level: 1, name: 'New Referral' }).waitFor();
  });

  it("the therapist dashboard shows their figures and today's schedule, and the quick actions navigate", async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Avery', lastName: 'Figures' });
    const agency = await buildAgency(db());
    const referral = await matched(agency.userId, therapist.userId, 10);
    const now = new Date();
    const done = await buildVisit(db(), {
      referralId: referral.id,
      agencyId: agency.userId,
      therapistId: therapist.userId,
      serviceId: 'treatment',
      rate: 100,
      status: 'approved',
      scheduledStart: now,
      checkInAt: null,
      checkOutAt: now,
    });
    await db().insert(payouts).values({ visitId: done.id, therapistId: therapist.userId, amount: 112.5, provider: 'ledger', idempotencyKey: `payout:${done.id}` });

    const page = await e2e.signedInPage(therapist, { viewport: PHONE });
    await page.goto('/dashboard/therapist');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Avery Figures' }).waitFor();
    await stat(page, 'Active Patients').filter({ hasText: '1' }).waitFor();
    expect(await stat(page, 'Completed Visits (this month)').textContent()).toBe('1');
    expect(await stat(page, 'Pending Payments').textContent()).toBe('$112.50');
    await page.getByRole('region', { name: 'Today’s schedule' }).getByText('Treatment Session').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // View Map aims at the map itself (shown beside the list once there are referrals), not just the list page.
    await page.getByRole('link', { name: /^View Map/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Referrals near me' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#referral-map-heading');
    await page.goto('/dashboard/therapist');
    await page.getByRole('main').getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.goto('/dashboard/therapist');
    // Visits are booked on a matched referral: Schedule Visit opens the therapist's own referrals.
    await page.getByRole('link', { name: /^Schedule Visit/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist/referrals' && url.searchParams.get('view') === 'mine');
    await page.locator('a[aria-current="page"]', { hasText: 'My referrals' }).waitFor();
    await page.goto('/dashboard/therapist');
    await page.getByRole('link', { name: /^Submit Notes/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist/schedule' && url.searchParams.get('filter') === 'needs-notes');
  });
});

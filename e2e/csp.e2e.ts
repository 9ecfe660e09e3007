import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist } from '../test/factories';
import { sessionCookie } from '../test/people';
import { createReferral } from '../test/referrals';
import { buildVisit } from '../test/visit-fixtures';

/**
 * Every page of the app, signed out and signed in as each role, with a dialog open where the app
 * has one, must load without the browser reporting a Content-Security-Policy violation: a blocked
 * style or script is a page that looks or works differently from what we test elsewhere.
 */

let e2e: E2e;
const db = () => e2e.app.runtime.database.db;
const cookies = { agency: '', therapist: '', manager: '' };
const ids = { referral: '', postedReferral: '', visit: '' };

beforeAll(async () => {
  e2e = await startE2e();
  const agency = await buildAgency(db());
  const therapist = await buildTherapist(db());
  const manager = await buildManager(db());
  // At aal2, so pages with patient information render it rather than asking for a second factor.
  for (const [role, person] of [['agency', agency], ['therapist', therapist], ['manager', manager]] as const) {
    cookies[role] = await sessionCookie(e2e.app, person);
  }
  const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, status: 'scheduled' });
  ids.visit = visit.id;
  ids.referral = visit.referralId;
  ids.postedReferral = (await createReferral(e2e.app.url, cookies.agency)).id;
});
afterAll(() => e2e?.close());

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<string[]> {
  const reported: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => reported.push(`${new URL(page.url()).pathname}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return reported;
}

/** Opens `path` and waits until its page has rendered a heading and settled. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor();
  // Lazy chunks, queries and their effects (maps, charts) finish just after the first heading.
  await page.waitForTimeout(400);
}

async function visitAll(page: Page, paths: string[]) {
  for (const path of paths) await visit(page, path);
}

describe('no Content-Security-Policy violation on any page', () => {
  it('public pages, and the sign-in dialog open over one', async () => {
    const page = await e2e.newPage();
    const violations = await watchCsp(page);
    await visitAll(page, [
      '/',
      '/articles',
      '/services/physical-therapy-staffing',
      '/careers/physical-therapist-jobs',
      '/careers/nursing-opportunities',
      '/careers/home-health-careers',
      '/careers/benefits-support',
      '/signup',
      '/reset-password',
      '/privacy-policy',
      '/terms-of-service',
    ]);
    await visit(page, '/articles');
    const article = await page.locator('main a[href^="/articles/"]').first().getAttribute('href');
    await visit(page, article!);

    await visit(page, '/contact');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in to CareRelay' }).waitFor();
    await page.waitForTimeout(200);
    // Radix's scroll lock has its stylesheet (a constructed one, src/web/style-singleton.ts): the
    // page behind the dialog does not scroll, and scrolls again once the dialog closes.
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await bodyOverflow()).toBe('hidden');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Log in to CareRelay' }).waitFor({ state: 'detached' });
    expect(await bodyOverflow()).not.toBe('hidden');
    expect(violations).toEqual([]);
  });

  it('every page a therapist can open', async () => {
    const page = await e2e.pageWithCookie(cookies.therapist);
    const violations = await watchCsp(page);
    await visitAll(page, [
      '/dashboard/therapist',
      '/dashboard/therapist/referrals',
      `/dashboard/therapist/referrals/${ids.postedReferral}`,
      `/dashboard/therapist/referrals/${ids.referral}`,
      '/dashboard/therapist/schedule',
      `/dashboard/therapist/visits/${ids.visit}`,
      '/dashboard/therapist/payments',
      '/dashboard/therapist/settings',
      '/dashboard/notifications',
      '/dashboard/security',
      '/onboarding',
    ]);
    expect(violations).toEqual([]);
  });

  it('every page an agency can open', async () => {
    const page = await e2e.pageWithCookie(cookies.agency);
    const violations = await watchCsp(page);
    await visitAll(page, [
      '/dashboard/agency',
      '/dashboard/agency/referrals',
      '/dashboard/agency/referrals/new',
      `/dashboard/agency/referrals/${ids.postedReferral}`,
      `/dashboard/agency/referrals/${ids.referral}`,
      '/dashboard/agency/schedule',
      `/dashboard/agency/visits/${ids.visit}`,
      '/dashboard/agency/therapists',
      '/dashboard/agency/patients',
      '/dashboard/agency/invoices',
      '/dashboard/notifications',
      '/dashboard/security',
      '/onboarding',
    ]);
    expect(violations).toEqual([]);
  });

  it('every page a manager can open, with the invite dialog open', async () => {
    const page = await e2e.pageWithCookie(cookies.manager);
    const violations = await watchCsp(page);
    await visitAll(page, ['/dashboard/admin', '/dashboard/admin/referrals', '/dashboard/admin/payments', '/dashboard/notifications', '/dashboard/security', '/dashboard/admin/signups']);
    await page.getByRole('button', { name: 'Invite manager' }).click();
    await page.getByRole('dialog', { name: 'Invite a manager' }).waitFor();
    await page.waitForTimeout(200);
    expect(violations).toEqual([]);
  });
});

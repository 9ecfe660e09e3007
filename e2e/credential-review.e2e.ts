import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist } from '../test/factories';
import { completeAboutYou } from '../test/about-you';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

async function openOnboarding(page: Page) {
  await page.goto('/onboarding');
  await page.getByRole('heading', { name: 'Complete your profile', level: 1 }).waitFor();
}

describe('a license changed after approval', () => {
  it('an agency is told its change awaits review, and a manager approves it from the admin page', async () => {
    const agency = await buildAgency(db(), { companyName: 'Late Paperwork Home Care' });
    const page = await e2e.signedInPage(agency);
    await openOnboarding(page);
    await page.getByLabel('Contact first name', { exact: true }).fill('Maria');
    await page.getByLabel('Contact last name', { exact: true }).fill('Santos');
    await page.getByLabel('Agency NPI', { exact: true }).fill('1234567893');
    await page.getByLabel('Agency license number', { exact: true }).fill('HCSSA-1');
    await page.getByLabel('Agency license state', { exact: true }).selectOption('TX');
    await page.getByLabel('Agency license expiry', { exact: true }).fill('2031-01-31');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/agency');

    await openOnboarding(page);
    const note = page.getByRole('status').filter({ hasText: 'Your license change awaits review' });
    await note.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const admin = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2' });
    await admin.goto('/dashboard/admin');
    const change = admin.getByRole('listitem', { name: 'Credential change for Late Paperwork Home Care' });
    await change.waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await change.getByRole('button', { name: 'Approve change for Late Paperwork Home Care' }).click();
    await admin.getByRole('status').filter({ hasText: "Late Paperwork Home Care's credential change is approved." }).waitFor();

    await openOnboarding(page);
    expect(await page.getByLabel('Agency license number', { exact: true }).inputValue()).toBe('HCSSA-1');
    expect(await page.getByText('Your license change awaits review').count()).toBe(0);
  });

  it('a therapist’s license in a new state awaits verification on their Credentials page, while the verified one stays in force', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Relocating', licenseState: 'TX' });
    const page = await e2e.signedInPage(therapist);
    await openOnboarding(page);
    await page.getByLabel('License state', { exact: true }).selectOption('CA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await completeAboutYou(page);
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');

    await page.getByRole('navigation').getByRole('link', { name: 'Credentials' }).first().click();
    await page.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
    const licenses = page.getByRole('listitem').filter({ hasText: 'State license' });
    await licenses.filter({ hasText: 'CA' }).getByText('Awaiting verification').waitFor();
    await licenses.filter({ hasText: 'TX' }).getByText(/^Verified /).waitFor();

    const admin = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2' });
    await admin.goto('/dashboard/admin/credentials');
    await admin.getByRole('link', { name: /Dana Relocating/ }).first().waitFor();
  });
});

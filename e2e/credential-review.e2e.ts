import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildManager, buildTherapist } from '../test/factories';
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
  it('the therapist is told it awaits review, and a manager approves it from the admin page', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Relocating', licenseState: 'TX' });
    const page = await e2e.signedInPage(therapist);
    await openOnboarding(page);
    await page.getByLabel('License state', { exact: true }).selectOption('CA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await completeAboutYou(page);
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');

    await openOnboarding(page);
    const note = page.getByRole('status').filter({ hasText: 'Your license change awaits review' });
    await note.waitFor();
    expect(await note.textContent()).toContain('you are matched on the license we approved before');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const admin = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2' });
    await admin.goto('/dashboard/admin');
    const change = admin.getByRole('listitem', { name: 'Credential change for Dana Relocating' });
    await change.waitFor();
    expect(await change.getByRole('row', { name: /License state/ }).textContent()).toMatch(/TX.*CA/);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await change.getByRole('button', { name: 'Approve change for Dana Relocating' }).click();
    await admin.getByRole('status').filter({ hasText: "Dana Relocating's credential change is approved." }).waitFor();
    await admin.getByText('No credential changes are waiting.', { exact: true }).waitFor();

    await openOnboarding(page);
    expect(await page.getByLabel('License state', { exact: true }).inputValue()).toBe('CA');
    expect(await page.getByText('Your license change awaits review').count()).toBe(0);
  });
});

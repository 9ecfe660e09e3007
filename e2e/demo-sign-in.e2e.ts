import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/demo/seed-demo-data';
import { seriousAxeViolations } from '../test/axe';
import { demoDepsOf } from '../test/demo';
import { startE2e, type E2e } from '../test/e2e';

let e2e: E2e;
beforeAll(async () => {
  // The test app is not production, and the browser is on this machine: "Sign in as" is offered.
  e2e = await startE2e();
  await seedDemoData(await demoDepsOf(e2e.app));
});
afterAll(() => e2e.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function openDialog(page: Page, phone = false) {
  await page.goto('/contact');
  // On a phone "Log in" is in the menu.
  if (phone) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
  await dialog.getByRole('heading', { name: 'Sign in as' }).waitFor();
  return dialog;
}

/** The figures of the dashboard's first list of figures, as shown. */
const stat = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd').first();

describe('"Sign in as" a demo person', () => {
  it('takes an agency to its dashboard, with figures above zero, in one click (desktop)', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    const dialog = await openDialog(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign in as Hill Country Home Health' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard/agency');
    await stat(page, 'Active Patients').filter({ hasText: '2' }).waitFor();
    expect(await stat(page, 'Pending Referrals').textContent()).toBe('2');
    expect(await stat(page, 'Network Therapists').textContent()).toBe('2');
  });

  it('takes a therapist past their second factor to their dashboard on a phone, with 44 px targets', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const dialog = await openDialog(page, true);
    const people = dialog.getByRole('button', { name: /^Sign in as / });
    expect(await people.count()).toBe(17);
    for (const button of await people.all()) {
      const box = (await button.boundingBox())!;
      expect(box.height, (await button.textContent()) ?? undefined).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await dialog.getByRole('button', { name: 'Sign in as Maria Delgado' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');
    await stat(page, 'Active Patients').filter({ hasText: '1' }).waitFor();
    expect(await stat(page, 'Pending Payments').textContent()).toBe('$105.00');
    // Her session passed the second factor: her patient's visit opens without the two-step wall.
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me).toMatchObject({ aal: 'aal2', nextLevel: 'aal2' });
  });

  it('reaches from the keyboard alone', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Sign in as Jordan Ellis' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/admin'));
  });
});

import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist, signIn } from '../test/factories';
import { sessionCookie } from '../test/people';

let e2e: E2e;
let managerCookie: string;
let managerAal1Cookie: string;
let therapistCookie: string;

beforeAll(async () => {
  e2e = await startE2e();
  const db = e2e.app.runtime.database.db;
  const manager = await buildManager(db, { firstName: 'Morgan', lastName: 'Reviewer' });
  const otherManager = await buildManager(db, { firstName: 'Riley', lastName: 'Unverified' });
  const therapist = await buildTherapist(db, { firstName: 'Terry', lastName: 'Approved' });
  await buildAgency(db, { companyName: 'Sunrise Home Health' });
  await buildTherapist(db, { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.test', status: 'pending' });
  await buildTherapist(db, { firstName: 'Quinn', lastName: 'Unlicensed', email: 'quinn@example.test', status: 'pending' });

  managerCookie = await sessionCookie(e2e.app, manager);
  managerAal1Cookie = await signIn(e2e.app.url, otherManager);
  therapistCookie = await signIn(e2e.app.url, therapist);
});
afterAll(() => e2e?.close());

async function openAdmin(page: Page, path = '/dashboard/admin/signups') {
  await page.goto(path);
  await page.getByRole('heading', { name: 'User Signups', level: 1 }).waitFor();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('the admin area', () => {
  it('lets a verified manager filter the signups, approve one (mailed) and reject another with a reason (mailed)', async () => {
    const page = await e2e.pageWithCookie(managerCookie);
    await openAdmin(page);
    await row(page, 'Jordan Reyes').waitFor();
    expect(await row(page, 'Sunrise Home Health').getByText('Healthcare Agency').count()).toBe(1);
    expect(await row(page, 'Jordan Reyes').getByText('Healthcare Professional').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.waitForURL(/status=pending/);
    await expect.poll(() => row(page, 'Sunrise Home Health').count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(2);

    const jordan = row(page, 'Jordan Reyes');
    expect(await jordan.locator('[data-status]').getAttribute('data-status')).toBe('pending');
    expect(await jordan.locator('[data-status]').getAttribute('class')).toContain('bg-yellow-100');
    await jordan.getByRole('button', { name: 'Approve Jordan Reyes' }).click();
    await jordan.locator('[data-status="approved"]').waitFor();
    expect(await jordan.locator('[data-status]').getAttribute('class')).toContain('bg-green-100');
    expect(await jordan.getByText('Approved', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Jordan Reyes is approved' }).waitFor();
    expect(await jordan.getByRole('button', { name: /Approve/ }).count()).toBe(0);

    const approval = await e2e.smtp.waitForMail((m) => m.to.includes('jordan.reyes@example.test'));
    expect(approval.subject).toBe('Your CareRelay account is approved');
    expect(approval.text).toContain(`${e2e.app.url}/dashboard`);

    const quinn = row(page, 'Quinn Unlicensed');
    await quinn.getByRole('button', { name: 'Reject Quinn Unlicensed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Quinn Unlicensed?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reject account' }).click();
    await dialog.getByText('Please give a reason for rejecting', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason').fill('We could not verify your licence in Texas.');
    await dialog.getByRole('button', { name: 'Reject account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await quinn.locator('[data-status="rejected"]').waitFor();
    expect(await quinn.locator('[data-status]').getAttribute('class')).toContain('bg-red-100');
    expect(await quinn.getByText('Reason: We could not verify your licence in Texas.').isVisible()).toBe(true);

    const rejection = await e2e.smtp.waitForMail((m) => m.to.includes('quinn@example.test'));
    expect(rejection.subject).toBe('About your CareRelay account');
    expect(rejection.text).toContain('We could not verify your licence in Texas.');
    expect(rejection.text).toContain(`${e2e.app.url}/contact`);

    // Both reviewed: the pending filter, fetched afresh, now has nothing, with a way back.
    await page.reload();
    await page.getByText('No signups match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await row(page, 'Jordan Reyes').waitFor();
    expect(page.url()).not.toContain('status=');
  });

  it('searches names and emails as the manager types', async () => {
    const page = await e2e.pageWithCookie(managerCookie);
    await openAdmin(page);
    await row(page, 'Sunrise Home Health').waitFor();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/signups')) requests.push(request.url());
    });
    await page.getByLabel('Search', { exact: true }).pressSequentially('sunrise', { delay: 30 });
    await page.waitForURL(/q=sunrise/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    // Debounced: one request for the whole word, not one per key.
    expect(requests.filter((url) => url.includes('q=')).length).toBe(1);

    await page.getByLabel('Search', { exact: true }).fill('nobody-by-this-name');
    await page.getByText('No signups match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await row(page, 'Sunrise Home Health').waitFor();
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
  });

  it('invites a manager, who is mailed a set-password link', async () => {
    const page = await e2e.pageWithCookie(managerCookie);
    await openAdmin(page);
    await page.getByRole('button', { name: 'Invite manager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a manager' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('First name is required', { exact: true }).waitFor();
    await dialog.getByLabel('Email').fill('Ada.Lovelace@carerelay.test');
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Phone').fill('(512) 555-0199');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation sent to ada.lovelace@carerelay.test' }).waitFor();
    await row(page, 'Ada Lovelace').waitFor();

    const mail = await e2e.smtp.waitForMail((m) => m.to.includes('ada.lovelace@carerelay.test'));
    expect(mail.subject).toBe('You are invited to manage CareRelay');
    expect(mail.text).toContain(`${e2e.app.url}/reset-password?token=`);

    // The same address again: the seed's message, on the field.
    await page.getByRole('button', { name: 'Invite manager' }).click();
    await dialog.getByLabel('Email').fill('ada.lovelace@carerelay.test');
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Again');
    await dialog.getByLabel('Phone').fill('(512) 555-0198');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('An account with this email already exists. Please log in or use a different email.').waitFor();
  });

  it('pages through a long list with Previous and Next', async () => {
    const db = e2e.app.runtime.database.db;
    for (let n = 0; n < 16; n += 1) await buildAgency(db, { companyName: `Paging Agency ${n}`, status: 'pending' });
    const page = await e2e.pageWithCookie(managerCookie);
    await openAdmin(page);
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.waitForURL(/page=2/);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
  });

  it('shows cards without sideways scrolling on a 375 px phone', async () => {
    const page = await e2e.pageWithCookie(managerCookie, { viewport: { width: 375, height: 800 } });
    await openAdmin(page);
    const cards = page.getByRole('list', { name: 'User signups, newest first' });
    await cards.getByRole('listitem').filter({ hasText: 'Jordan Reyes' }).waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('sends a manager without a verified second factor to Security settings', async () => {
    const page = await e2e.pageWithCookie(managerAal1Cookie);
    await openAdmin(page);
    await page.getByRole('heading', { name: 'Verify with a second factor to open the admin area' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Security settings' }).getAttribute('href')).toBe('/dashboard/security');
    expect(await page.getByRole('row').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows a therapist no signups: the server refuses and the page says so (or leaves)', async () => {
    const page = await e2e.pageWithCookie(therapistCookie);
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/admin/signups')) answers.push(response);
    });
    await page.goto('/dashboard/admin');
    await expect
      .poll(async () => (await page.getByText('The admin area is for CareRelay managers').count()) > 0 || !page.url().includes('/dashboard/admin'))
      .toBe(true);
    expect(answers.every((response) => response.status() === 403)).toBe(true);
    expect(await page.getByText('Jordan Reyes').count()).toBe(0);
  });
});

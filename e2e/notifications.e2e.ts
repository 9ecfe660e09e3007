import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/server/db/client';
import { createNotification } from '../src/server/notifications/service';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildTherapist } from '../test/factories';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 375, height: 800 };

function notify(userId: string, title: string, link = '/dashboard/security') {
  return inTransaction(e2e.app.runtime.database, (t) =>
    createNotification(t, { userId, type: 'test', title, body: `${title}, in more words.`, link }),
  );
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Opens the therapist's dashboard and waits until the bell knows the unread count. */
async function openDashboard(page: Page) {
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications' && response.ok());
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
  await page.goto('/dashboard/therapist');
  await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
  await Promise.all([listed, streaming]);
}

describe('notification centre', () => {
  it('a therapist hears of a new notification live, follows it, and marks the rest read', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Noa', lastName: 'Bell' });
    const page = await e2e.signedInPage(therapist);
    await openDashboard(page);

    await bell(page).waitFor();
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await badge(page).count()).toBe(0);

    await notify(therapist.userId, 'New referral near you');
    await expect.poll(() => badge(page).textContent()).toBe('1');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await expect.poll(() => page.getByTestId('notification-announcer').textContent()).toBe('New notification: New referral near you');

    await bell(page).click();
    expect(await bell(page).getAttribute('aria-expanded')).toBe('true');
    await panel(page).waitFor();
    const item = panel(page).getByRole('link', { name: /New referral near you/ });
    await item.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await item.click();
    await page.waitForURL('**/dashboard/security');
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(await panel(page).count()).toBe(0);

    // Different links: notifications of one type and link would be one item (the grouping test below).
    await notify(therapist.userId, 'Visit note due', '/dashboard/therapist/schedule');
    await notify(therapist.userId, 'Referral confirmed', '/dashboard/therapist/referrals');
    await expect.poll(() => badge(page).textContent()).toBe('2');

    await bell(page).click();
    const titles = await panel(page).getByRole('listitem').allTextContents();
    expect(titles[0]).toContain('Referral confirmed');
    expect(titles[1]).toContain('Visit note due');
    expect(titles[2]).toContain('New referral near you');
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');

    // Escape closes the panel and hands focus back to the bell.
    await page.keyboard.press('Escape');
    expect(await panel(page).count()).toBe(0);
    expect(await bell(page).evaluate((element) => element === document.activeElement)).toBe(true);

    // The server agrees: nothing is left unread after a reload.
    await openDashboard(page);
    expect(await badge(page).count()).toBe(0);
  });

  it('shows "You’re all caught up" with nothing to list', async () => {
    const therapist = await buildTherapist(db());
    const page = await e2e.signedInPage(therapist);
    await openDashboard(page);
    await bell(page).click();
    await panel(page).getByText('You’re all caught up').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('fits a 375px phone with the panel open, and shows "9+" past nine unread', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Alexandra', lastName: 'Montgomery-Whitfield' });
    for (let n = 1; n <= 10; n++) await notify(therapist.userId, `Notification ${n}`);
    const page = await e2e.signedInPage(therapist, { viewport: PHONE });
    await openDashboard(page);
    await expect.poll(() => badge(page).textContent()).toBe('9+');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 10 unread');
    const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= 375);
    expect(await noHorizontalScroll()).toBe(true);

    await bell(page).click();
    await panel(page).getByRole('link', { name: /Notification 10/ }).waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

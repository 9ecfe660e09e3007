import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesMessages } from '../src/domain/notification-preferences';
import { notificationPreferences, therapistProfiles, useraccounts } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildTherapist } from '../test/factories';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openSettings(page: Page) {
  await page.goto('/dashboard/therapist/settings');
  await page.getByRole('heading', { name: 'Referral alerts', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Save settings' }).waitFor();
}

async function hasHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe('referral alert settings', () => {
  it('an approved therapist on a phone turns availability off, adds SMS with quiet hours, and finds them saved', async () => {
    const therapist = await buildTherapist(db());
    const page = await e2e.signedInPage(therapist, { viewport: { width: 375, height: 740 } });
    await openSettings(page);

    const available = page.getByRole('switch', { name: 'Available for new referrals' });
    expect(await available.isChecked()).toBe(true);
    expect(await field(page, 'In the app').isChecked()).toBe(true);
    expect(await field(page, 'In the app').isDisabled()).toBe(true);
    expect(await field(page, 'Email').isChecked()).toBe(true);
    expect(await field(page, 'Text message (SMS)').isChecked()).toBe(false);
    expect(await field(page, 'Time zone').inputValue()).toBe('America/Chicago');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await available.uncheck();
    await field(page, 'Text message (SMS)').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(preferencesMessages.smsPhoneRequired, { exact: true }).waitFor();
    expect(await field(page, 'Mobile number for text alerts').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await db().$count(notificationPreferences, eq(notificationPreferences.userId, therapist.userId))).toBe(0);

    await field(page, 'Mobile number for text alerts').fill('512-555-0199');
    await field(page, 'Quiet from').fill('22:00');
    await field(page, 'Quiet until').fill('07:00');
    await field(page, 'Time zone').selectOption('America/Denver');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(await page.getByText(preferencesMessages.smsPhoneRequired, { exact: true }).count()).toBe(0);

    const [row] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, therapist.userId));
    expect(row).toMatchObject({
      inApp: true,
      email: true,
      sms: true,
      smsPhone: '+15125550199',
      quietHoursStart: '22:00:00',
      quietHoursEnd: '07:00:00',
    });
    // The time zone is the account's own (one per user, used on every page), which quiet hours read.
    const [account] = await db().select({ timeZone: useraccounts.timeZone }).from(useraccounts).where(eq(useraccounts.userId, therapist.userId));
    expect(account?.timeZone).toBe('America/Denver');
    const [profile] = await db()
      .select({ available: therapistProfiles.availableForReferrals })
      .from(therapistProfiles)
      .where(eq(therapistProfiles.id, therapist.userId));
    expect(profile?.available).toBe(false);

    await page.reload();
    await openSettings(page);
    expect(await page.getByRole('switch', { name: 'Available for new referrals' }).isChecked()).toBe(false);
    expect(await field(page, 'Text message (SMS)').isChecked()).toBe(true);
    expect(await field(page, 'Mobile number for text alerts').inputValue()).toBe('+15125550199');
    expect(await field(page, 'Quiet from').inputValue()).toBe('22:00');
    expect(await field(page, 'Quiet until').inputValue()).toBe('07:00');
    expect(await field(page, 'Time zone').inputValue()).toBe('America/Denver');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('quiet hours need both ends: the message sits on the empty one', async () => {
    const page = await e2e.signedInPage(await buildTherapist(db()));
    await openSettings(page);
    await field(page, 'Quiet from').fill('22:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(preferencesMessages.quietHoursPair, { exact: true }).waitFor();
    expect(await field(page, 'Quiet until').getAttribute('aria-invalid')).toBe('true');
  });

  it('a pending therapist sees their account status instead of the settings', async () => {
    const page = await e2e.signedInPage(await buildTherapist(db(), { status: 'pending' }));
    await page.goto('/dashboard/therapist/settings');
    await page.getByText(/pending/i).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Referral alerts', level: 1 }).count()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate } from '../src/domain/credential-expiry';
import { addDaysToKey } from '../src/domain/time-zones';
import { runCredentialExpiry } from '../src/server/credentials/expiry-job';
import { todayIn } from '../src/server/referrals/eligibility';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildManager, buildTherapist } from '../test/factories';
import { smallTapTargets } from '../test/tap-targets';

/**
 * A therapist's Texas license expires in 7 days. The daily expiry job runs (called as its worker
 * calls it): the therapist finds the reminder in the bell and gets it by email; a manager, on a
 * phone, follows "Expiring soon" from the admin dashboard and sees the license with the reminder sent.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

describe('license expiry reminder', () => {
  it('reminds the therapist in-app and by email, and lists the license for managers', async () => {
    const expiresOn = addDaysToKey(todayIn(), 7);
    const therapist = await buildTherapist(db(), { firstName: 'Jordan', lastName: 'Expiring', licenseExpiry: expiresOn });
    const reminder = `Your Texas state license expires in 7 days (${calendarDate(expiresOn)}). Upload the renewal under Credentials.`;

    await runCredentialExpiry({
      database: e2e.app.runtime.database,
      jobs: e2e.app.runtime.jobs,
      publicUrl: e2e.app.url,
      requiredCredentials: e2e.app.config.trust.requiredCredentials,
    });

    const mail = await e2e.smtp.waitForMail((m) => m.to.includes(therapist.email));
    expect(mail.subject).toBe('Your Texas state license expires in 7 days');
    expect(mail.text).toContain(reminder);
    expect(mail.text).toContain(`${e2e.app.url}/dashboard/therapist/credentials#credential-`);

    const page = await e2e.signedInPage(therapist);
    await page.goto('/dashboard/therapist');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const item = page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: /Your Texas state license expires in 7 days/ });
    await item.waitFor();
    expect(await item.textContent()).toContain(calendarDate(expiresOn));

    const managerPage = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2', viewport: { width: 390, height: 844 } });
    await managerPage.goto('/dashboard/admin');
    const link = managerPage.getByRole('link', { name: /^Expiring soon/ });
    await link.focus();
    await managerPage.keyboard.press('Enter');
    await managerPage.getByRole('heading', { level: 1, name: 'Expiring soon' }).waitFor();
    const card = managerPage.getByRole('list', { name: 'Expiring credentials' }).getByRole('listitem').filter({ hasText: 'Jordan Expiring' });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Texas state license');
    expect(text).toContain(calendarDate(expiresOn));
    expect(text).toContain('7 days');
    expect(text).toMatch(/Reminder sent\s*7-day,/);
    expect(await card.getByRole('link', { name: 'Review credentials of Jordan Expiring' }).getAttribute('href')).toBe(
      `/dashboard/admin/credentials/therapists/${therapist.userId}`,
    );
    expect(await managerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await smallTapTargets(managerPage, { within: 'main' })).toEqual([]);
    expect(await seriousAxeViolations(managerPage)).toEqual([]);

    // On a wide screen the same rows are a table.
    const wide = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2' });
    await wide.goto('/dashboard/admin/expiring-credentials');
    const row = wide.getByRole('region', { name: 'Expiring credentials' }).getByRole('row').filter({ hasText: 'Jordan Expiring' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Texas state license');
    expect(await seriousAxeViolations(wide)).toEqual([]);
  });
});

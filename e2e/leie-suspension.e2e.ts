import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { therapistCredentials, therapistProfiles, userProfiles } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildManager, buildTherapist } from '../test/factories';
import { leieCsv, LeieDouble } from '../test/leie-double';
import { smallTapTargets } from '../test/tap-targets';

/**
 * An LEIE match suspends a therapist: on a phone, a manager imports the exclusion list (from a local
 * double of the OIG download) that lists the therapist's NPI; the therapist is suspended, the
 * manager is alerted (in-app and by email) and sees them on the exclusion list page, the therapist
 * is told, and the manager lifts the suspension with a reason from the keyboard.
 */

const leie = new LeieDouble();
let e2e: E2e;
beforeAll(async () => {
  await leie.start();
  e2e = await startE2e(leie.env);
});
afterAll(async () => {
  await e2e?.close();
  await leie.stop();
});

const db = () => e2e.app.runtime.database.db;
const NPI = '1922334455';
const phone = { width: 390, height: 844 };
const suspendedAt = async (therapistId: string) => (await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, therapistId)))[0]?.suspendedAt ?? null;

describe('an exclusion list match', () => {
  it('suspends the therapist, alerts the manager and tells the therapist; lifting it restores them', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Excluded' });
    await db().update(therapistCredentials).set({ number: NPI }).where(and(eq(therapistCredentials.therapistId, therapist.userId), eq(therapistCredentials.kind, 'npi')));
    await db().update(userProfiles).set({ npiNumber: NPI }).where(eq(userProfiles.id, therapist.userId));
    leie.csv = leieCsv([{ lastName: 'Excluded', firstName: 'Dana', npi: NPI, excludedOn: '20240115' }]);
    const manager = await buildManager(db());

    const page = await e2e.signedInPage(manager, { aal: 'aal2', viewport: phone });
    await page.goto('/dashboard/admin/exclusions');
    await page.getByRole('heading', { name: 'Exclusion list', level: 1 }).waitFor();
    await page.getByText('No list has been imported yet.').waitFor();
    await page.getByText('No therapist is suspended.').waitFor();
    await page.getByRole('button', { name: 'Import now' }).click();
    await page.getByRole('status').filter({ hasText: 'Import queued.' }).waitFor();

    const card = page.getByRole('listitem', { name: 'Dana Excluded' });
    await card.getByText('Listed on the OIG exclusion list (LEIE) since Jan 15, 2024').waitFor({ timeout: 30_000 });
    await page.getByText(/entries from http:\/\/127\.0\.0\.1:\d+\/exclusions\/UPDATED\.csv/).waitFor();
    expect(await suspendedAt(therapist.userId)).not.toBeNull();
    // The notice banner (and its Dismiss) is still up: measured with the page's own controls.
    expect(await smallTapTargets(page, { within: 'main' })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await e2e.smtp.waitForMail((m) => m.to.includes(manager.email) && m.subject === 'Exclusion list match: Dana Excluded is suspended');
    expect(mail.text).toContain(`matched by NPI ${NPI}`);
    await page.goto('/dashboard/notifications');
    await page.getByText('Exclusion list match: Dana Excluded').first().waitFor();

    const therapistPage = await e2e.signedInPage(therapist, { viewport: phone });
    await therapistPage.goto('/dashboard/notifications');
    await therapistPage.getByText('Your eligibility is suspended').first().waitFor();

    await page.goto('/dashboard/admin/exclusions');
    const lift = page.getByRole('listitem', { name: 'Dana Excluded' }).getByRole('button', { name: 'Lift suspension of Dana Excluded' });
    await lift.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Lift Dana Excluded’s suspension?' });
    await dialog.getByRole('button', { name: 'Lift suspension' }).click();
    await dialog.getByText('Please give a reason for lifting the suspension').waitFor();
    await dialog.getByLabel('Reason').fill('Another person: the listed NPI was mistyped by OIG, confirmed with the board');
    await dialog.getByRole('button', { name: 'Lift suspension' }).click();
    await page.getByRole('status').filter({ hasText: 'Dana Excluded’s suspension is lifted.' }).waitFor();
    await page.getByText('No therapist is suspended.').waitFor();
    expect(await suspendedAt(therapist.userId)).toBeNull();
  });
});

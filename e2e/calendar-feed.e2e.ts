import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

/**
 * A therapist reaches the schedule from the app's navigation, creates a private calendar feed link
 * there (shown once, copied with one button), the link serves their visits as iCalendar, and
 * revoking it (confirmed in a dialog, from the keyboard) ends it.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 390, height: 844 };

it('creates the feed link, copies it, and revokes it', async () => {
  const agency = await buildAgency(db());
  const therapist = await buildTherapist(db(), { firstName: 'Casey', lastName: 'Nguyen' });
  const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, status: 'scheduled', scheduledStart: new Date(Date.now() + 86_400_000) });

  const page = await e2e.signedInPage(therapist, { viewport: PHONE });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard/therapist');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
  await page.waitForURL('**/dashboard/therapist/schedule');

  const card = page.getByRole('region', { name: 'Calendar feed' });
  await card.getByText('You have no calendar feed link.').waitFor();
  await card.getByRole('button', { name: 'Create feed link' }).click();

  const field = card.getByRole('textbox', { name: /Your feed link/ });
  await field.waitFor();
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`^${e2e.app.url}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await card.getByText(/Your link is live since/).waitFor();
  await card.getByRole('button', { name: 'Copy' }).click();
  await card.getByText('The link is on your clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain(`UID:visit-${visit.id}@carerelay`);

  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await smallTapTargets(page, { within: '[aria-labelledby="calendar-feed-title"]' })).toEqual([]);

  // Revoke, from the keyboard: the dialog asks first.
  await card.getByRole('button', { name: 'Revoke' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Revoke your calendar feed link?' });
  await dialog.getByRole('button', { name: 'Revoke link' }).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText('You have no calendar feed link.').waitFor();
  expect(await field.count()).toBe(0);
  expect((await fetch(url)).status).toBe(404);
});

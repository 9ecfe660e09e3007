import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { buildVisit } from '../test/visit-fixtures';

/**
 * The therapist dashboard's "Submit Notes" opens the schedule filtered to the visits whose notes
 * are still owed; each leads to its visit. With nothing owed the list says so and leads back to the
 * full schedule. On a phone-sized screen.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

const PHONE = { width: 390, height: 844 };

it('Submit Notes lists the visits whose notes are owed and opens one; with none owed it says so and leads back to the schedule', async () => {
  const agency = await buildAgency(db(), { companyName: 'Harbor Home Health' });
  const therapist = await buildTherapist(db(), { firstName: 'Casey', lastName: 'Nguyen' });
  const owed = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId });
  await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, status: 'approved' });

  const page = await e2e.signedInPage(therapist, { viewport: PHONE, aal: 'aal2' });
  await page.goto('/dashboard/therapist');
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: /Submit Notes/ }).click();
  await page.waitForURL(/\/dashboard\/therapist\/schedule\?filter=needs-notes$/);
  const list = page.getByRole('list', { name: 'Visits needing notes' });
  await list.getByRole('link').first().waitFor();
  const items = await list.getByRole('link').all();
  expect(items).toHaveLength(1);
  await list.getByText('Not started').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await list.getByRole('link', { name: /Initial Evaluation/ }).click();
  await page.waitForURL(`**/dashboard/therapist/visits/${owed.id}`);
  await page.getByRole('heading', { level: 1, name: /Initial Evaluation/ }).waitFor();

  const caughtUp = await e2e.signedInPage(await buildTherapist(db(), { firstName: 'Dana', lastName: 'Reyes' }), { viewport: PHONE, aal: 'aal2' });
  await caughtUp.goto('/dashboard/therapist/schedule?filter=needs-notes');
  await caughtUp.getByText('All your notes are submitted.').waitFor();
  expect(await seriousAxeViolations(caughtUp)).toEqual([]);
  await caughtUp.getByRole('link', { name: 'Show the full schedule' }).click();
  await caughtUp.getByRole('heading', { name: 'Today’s schedule' }).waitFor();
  await caughtUp.getByRole('link', { name: 'Visits needing notes' }).waitFor();
});

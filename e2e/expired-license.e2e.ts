import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayIn } from '../src/domain/business-date';
import { therapistCredentials } from '../src/server/db/schema/index';
import { locateZip } from '../src/server/geo/zip-centroids';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist, signIn } from '../test/factories';
import { callApi } from '../test/http';
import { patientInput } from '../test/patients';
import { sessionCookie } from '../test/people';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { createReferral } from '../test/referrals';
import { buildVisit } from '../test/visit-fixtures';

/**
 * An expired license (issue 13): the therapist is left out of a referral's offers, the manager's
 * eligibility view shows the credential rule failing with the named credential, the therapist is
 * told why on their dashboard and the Referrals page, and their check-in is refused naming it.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 390, height: 844 };
/** The last valid day of a license that has just lapsed, by the business date. */
const YESTERDAY = todayIn(undefined, new Date(Date.now() - 86_400_000));
const EXPIRED = `State license (TX): expired ${YESTERDAY}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

it('an expired license removes the therapist from a referral’s offers; the manager sees why; the therapist is told and led to Credentials', async () => {
  const lapsed = await buildTherapist(db(), { firstName: 'Lena', lastName: 'Lapsed', licenseExpiry: YESTERDAY });
  await buildTherapist(db(), { firstName: 'Nadia', lastName: 'Nearby' });
  const agency = await buildAgency(db(), { companyName: `Bluebonnet Home Health ${randomUUID().slice(0, 4)}` });
  await createReferral(e2e.app.url, await signIn(e2e.app.url, agency));

  const manager = await e2e.signedInPage(await buildManager(db()), { viewport: PHONE, aal: 'aal2' });
  await manager.goto('/dashboard/admin');
  await manager.getByRole('link', { name: 'Referrals and eligibility' }).click();
  await manager.getByRole('heading', { name: 'Referral eligibility', level: 1 }).waitFor();
  await manager.getByRole('button', { name: new RegExp(agency.companyName) }).click();
  await manager.getByRole('button', { name: new RegExp(agency.companyName), pressed: true }).waitFor();
  await manager.getByRole('searchbox', { name: 'Find a therapist' }).fill('Lapsed');
  const card = manager.getByRole('article', { name: 'Lena Lapsed' });
  await card.waitFor();
  expect(await card.getByText('Not eligible', { exact: true }).count()).toBe(1);
  expect(await card.getByText('Not notified', { exact: true }).count()).toBe(1);
  const rule = card.locator('li[data-rule="credentials"]');
  expect(await rule.getAttribute('data-passed')).toBe('false');
  expect(await rule.textContent()).toBe(`Failed: Required credentials verified and current — ${EXPIRED}`);
  expect(await card.locator('li[data-passed="false"]').count()).toBe(1);
  expect(await seriousAxeViolations(manager)).toEqual([]);
  expect(await noHorizontalScroll(manager)).toBe(true);

  // The therapist: the dashboard's first attention line, then the Referrals page, each leading to Credentials.
  const page = await e2e.signedInPage(lapsed, { viewport: PHONE });
  await page.goto('/dashboard/therapist');
  const line = page.getByRole('link', { name: `No new referrals: ${EXPIRED}` });
  await line.waitFor();
  expect(await line.getAttribute('href')).toBe('/dashboard/therapist/credentials');
  await page.goto('/dashboard/therapist/referrals');
  const notice = page.getByRole('region', { name: 'You are not being offered new referrals' });
  await notice.getByText(EXPIRED, { exact: true }).waitFor();
  const fix = notice.getByRole('link', { name: 'Go to Credentials' });
  expect(await fix.getAttribute('href')).toBe('/dashboard/therapist/credentials');
  const box = await fix.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await page.getByText('No open referrals near you right now').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await noHorizontalScroll(page)).toBe(true);
});

it('a therapist whose license lapsed after the match cannot check in: the refusal names the credential', async () => {
  const agency = await buildAgency(db());
  const therapist = await buildTherapist(db(), { firstName: 'Theo', lastName: 'Lapsing' });
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId, patientZip: '78704' });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
  const agencyCookie = await sessionCookie(e2e.app, agency);
  expect((await callApi(e2e.app.url, 'PUT', `/api/referrals/${referral.id}/patient`, { cookie: agencyCookie, body: patientInput() })).status).toBe(200);
  const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, referralId: referral.id, status: 'scheduled', scheduledStart: new Date(Date.now() + 10 * 60_000) });
  // The license lapsed yesterday, after the match was confirmed.
  await db()
    .update(therapistCredentials)
    .set({ expiresOn: YESTERDAY })
    .where(and(eq(therapistCredentials.therapistId, therapist.userId), eq(therapistCredentials.kind, 'state_license')));

  const page = await e2e.pageWithCookie(await sessionCookie(e2e.app, therapist), { viewport: PHONE });
  const centroid = locateZip('78704')!;
  await page.context().grantPermissions(['geolocation'], { origin: e2e.app.url });
  await page.context().setGeolocation({ latitude: centroid.latitude, longitude: centroid.longitude, accuracy: 10 });
  await page.goto(`/dashboard/therapist/visits/${visit.id}`);
  await page.getByRole('heading', { level: 1, name: /Initial Evaluation/ }).waitFor();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await page.getByText(`You can't check in: ${EXPIRED}. Update it under Credentials.`).waitFor();
  expect(await page.locator('span', { hasText: /^Checked in$/ }).count()).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

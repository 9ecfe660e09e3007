import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { callApi, ok } from '../test/http';
import { patientInput } from '../test/patients';
import { sessionCookie } from '../test/people';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { buildVisit } from '../test/visit-fixtures';
import { seriousAxeViolations } from '../test/axe';

/**
 * The patient where the work is: on a phone and on a desktop, the matched therapist's visit page
 * shows the patient's name, a Directions link to their encoded address and a phone link, with the
 * referral's label; without a second factor the page asks for one and shows none of it. The
 * schedule finds the visit by its referral's reference.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
// An address with characters a URL must encode (#, &, a comma) so the link is checked as encoded.
const patient = patientInput({ firstName: 'Dolores', lastName: 'Abernathy', addressLine: '1200 Sweetwater Lane #4 & Annex', city: 'Austin', state: 'TX', zip: '78704', phone: '(512) 555-0142' });
const DIRECTIONS = 'https://www.google.com/maps/dir/?api=1&destination=1200%20Sweetwater%20Lane%20%234%20%26%20Annex%2C%20Austin%2C%20TX%2078704';

async function visitWithPatient() {
  const agency = await buildAgency(db());
  const therapist = await buildTherapist(db());
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId, patientZip: '78704' });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
  await ok(await callApi(e2e.app.url, 'PUT', `/api/referrals/${referral.id}/patient`, { cookie: await sessionCookie(e2e.app, agency), body: patient }));
  const visit = await buildVisit(db(), {
    agencyId: agency.userId,
    therapistId: therapist.userId,
    referralId: referral.id,
    status: 'scheduled',
    scheduledStart: new Date(Date.now() + 2 * 3_600_000),
    checkInAt: null,
    checkOutAt: null,
  });
  return { therapist, referral, visit };
}

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('at $width×$height', (viewport) => {
  it('the therapist’s visit page shows the patient’s name, a Directions link to the encoded address and a tel: link', async () => {
    const { therapist, referral, visit } = await visitWithPatient();
    const page = await e2e.signedInPage(therapist, { aal: 'aal2', viewport });
    await page.goto(`/dashboard/therapist/visits/${visit.id}`);

    const panel = page.getByRole('region', { name: 'Patient' });
    await panel.getByText('Dolores Abernathy').waitFor();
    await page.getByText(`R-${referral.referenceNumber} · D. Abernathy`).first().waitFor();
    const directions = panel.getByRole('link', { name: /^Directions/ });
    expect(await directions.getAttribute('href')).toBe(DIRECTIONS);
    expect(await directions.getAttribute('rel')).toContain('noreferrer');
    const call = panel.getByRole('link', { name: 'Call (512) 555-0142' });
    expect(await call.getAttribute('href')).toBe('tel:+15125550142');
    const open = panel.getByRole('link', { name: `Open referral R-${referral.referenceNumber}` });
    expect(await open.getAttribute('href')).toBe(`/dashboard/therapist/referrals/${referral.id}`);
    await panel.getByText(/twice a week for 4 weeks/).waitFor();

    // Thumb-sized on a phone: each link at least 44 px tall and wide; nothing scrolls sideways.
    if (viewport.width < 640) {
      for (const link of [directions, call, open]) {
        const box = await link.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(box?.width).toBeGreaterThanOrEqual(44);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The patient's name never goes into the title, which browsers keep in their history.
    expect(await page.title()).not.toContain('Abernathy');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('without a second factor the page asks for one and shows nothing of the patient', async () => {
    const { therapist, visit } = await visitWithPatient();
    const page = await e2e.signedInPage(therapist, { aal: 'aal1', viewport });
    await page.goto(`/dashboard/therapist/visits/${visit.id}`);
    await page.getByText('Visits need two-step verification.').waitFor();
    const text = await page.locator('body').innerText();
    for (const value of ['Abernathy', 'Sweetwater', '555-0142']) expect(text).not.toContain(value);
    expect(await page.locator('a[href^="tel:"], a[href*="google.com/maps"]').count()).toBe(0);
  });
});

it('the schedule finds the visit by its referral’s reference', async () => {
  const { therapist, referral, visit } = await visitWithPatient();
  const page = await e2e.signedInPage(therapist, { aal: 'aal2', viewport: { width: 390, height: 844 } });
  await page.goto('/dashboard/therapist/schedule');
  const search = page.getByRole('search', { name: 'Find visits by referral' });
  await search.getByLabel('Find visits by referral').fill('Smith');
  await search.getByRole('button', { name: 'Find' }).click();
  await search.getByText('Enter a reference such as R-1042 or 1042').waitFor();
  await search.getByLabel('Find visits by referral').fill(String(referral.referenceNumber));
  await search.getByRole('button', { name: 'Find' }).click();
  const results = page.getByRole('list', { name: `Visits of R-${referral.referenceNumber}` });
  const link = results.getByRole('link', { name: new RegExp(`R-${referral.referenceNumber} · D\\. Abernathy`) });
  expect(await link.getAttribute('href')).toBe(`/dashboard/therapist/visits/${visit.id}`);
  expect(new URL(page.url()).searchParams.get('reference')).toBe(String(referral.referenceNumber));
});

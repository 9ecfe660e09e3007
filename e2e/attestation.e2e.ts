import { afterAll, beforeAll, expect, it } from 'vitest';
import { attestationMessages } from '../src/domain/visit-attestation';
import type { VisitDetail } from '../src/domain/visits';
import { locateZip } from '../src/server/geo/zip-centroids';
import { drawSignature } from '../test/attestation';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { callApi } from '../test/http';
import { patientInput } from '../test/patients';
import { sessionCookie } from '../test/people';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';

/**
 * A check-out with a drawn signature on a phone: the caregiver signs on the pad with the mouse (as a
 * finger would), a dot alone is refused as no signature, Clear empties the pad; the visit then shows
 * who attested with the signature redrawn, to the therapist and to the agency.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const centroid = locateZip('78704')!;
const near = { latitude: centroid.latitude + 0.002, longitude: centroid.longitude, accuracyMeters: 12 };

it('the caregiver signs on the therapist’s phone at check-out; both parties see who attested and the signature', async () => {
  const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
  const therapist = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor' });
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId, patientZip: '78704' });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
  const agencyCookie = await sessionCookie(e2e.app, agency);
  const therapistCookie = await sessionCookie(e2e.app, therapist);
  const api = (method: string, path: string, cookie: string, body?: unknown) => callApi(e2e.app.url, method, `/api${path}`, { cookie, body });
  expect((await api('PUT', `/referrals/${referral.id}/patient`, agencyCookie, patientInput())).status).toBe(200);
  const scheduledStart = new Date(Date.now() + 10 * 60_000).toISOString();
  const created = await api('POST', `/referrals/${referral.id}/visits`, therapistCookie, { serviceId: 'evaluation', scheduledStart, durationMinutes: 60 });
  expect(created.status).toBe(201);
  const visit = (await created.json()) as VisitDetail;
  expect((await api('POST', `/visits/${visit.id}/check-in`, therapistCookie, near)).status).toBe(200);

  const page = await e2e.pageWithCookie(therapistCookie, { viewport: { width: 390, height: 844 } });
  await page.context().grantPermissions(['geolocation'], { origin: e2e.app.url });
  await page.context().setGeolocation({ latitude: near.latitude, longitude: near.longitude, accuracy: 10 });
  await page.goto(`/dashboard/therapist/visits/${visit.id}`);
  const attestation = page.getByRole('group', { name: 'Patient or caregiver attestation' });
  await attestation.waitFor();
  expect(await smallTapTargets(page, { within: 'fieldset' })).toEqual([]);

  // Nothing filled in: the check-out is refused on the attestation (a check-out without one is an EVV exception).
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  await attestation.getByRole('alert').getByText(attestationMessages.kind).waitFor();

  await attestation.getByLabel('Who signs').selectOption('caregiver');
  await attestation.getByLabel(/Signer’s name/).fill('Marisol Quintero');
  // A tap alone is not a signature: said on the attestation, nothing sent.
  await attestation.getByRole('img', { name: /Signature pad/ }).click();
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  await attestation.getByRole('alert').getByText(/Draw a signature/).waitFor();
  await attestation.getByRole('button', { name: 'Clear signature' }).click();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Check out', exact: true }).click();

  // Checked out at once on a 60-minute visit: the short visit needs its reason; the signature goes with it.
  await page.getByLabel('Reason').fill('Patient asked to stop early');
  await page.getByRole('button', { name: 'Check out with this reason' }).click();
  await page.getByText('Completed', { exact: true }).waitFor();
  await page.getByText(/^Attested by the caregiver Marisol Quintero,/).waitFor();
  expect(await page.getByRole('img', { name: 'Signature of the caregiver' }).locator('polyline').count()).toBe(1);

  const agencyPage = await e2e.pageWithCookie(agencyCookie);
  await agencyPage.goto(`/dashboard/agency/visits/${visit.id}`);
  await agencyPage.getByText(/^Attested by the caregiver Marisol Quintero,/).waitFor();
  await agencyPage.getByRole('img', { name: 'Signature of the caregiver' }).waitFor();
});

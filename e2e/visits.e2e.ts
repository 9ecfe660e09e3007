import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PatientResponse } from '../src/domain/patients';
import { DEFAULT_TIME_ZONE, dateKeyIn, timeOfDayIn } from '../src/domain/time-zones';
import { locateZip } from '../src/server/geo/zip-centroids';
import { referralAgreedRates } from '../src/server/db/schema/index';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { GeocoderDouble } from '../test/geocoder-double';
import { callApi } from '../test/http';
import { waitFor } from '../test/payment-fixtures';
import { patientInput } from '../test/patients';
import { sessionCookie } from '../test/people';
import { buildReferral, insertResponse } from '../test/referral-fixtures';

/**
 * The matched therapist schedules a visit from the referral page, checks in far from the patient
 * (geolocation emulated) giving the reason asked for, checks out near them; the agency sees the
 * exception; both see it on the week calendar and today's schedule. The patient's address is
 * located by a local double of the Census Geocoder, so the readings are judged from it.
 */

const geocoder = new GeocoderDouble();
let e2e: E2e;
beforeAll(async () => {
  await geocoder.start();
  e2e = await startE2e(geocoder.env);
});
afterAll(async () => {
  await e2e?.close();
  await geocoder.stop();
});

const db = () => e2e.app.runtime.database.db;
const centroid = locateZip('78704')!;

const patient = patientInput();
// Where the geocoder places the patient's address: a few hundred metres from the ZIP's centroid.
geocoder.add(patient.addressLine, patient.zip, { latitude: centroid.latitude + 0.002, longitude: centroid.longitude });

it('therapist schedules, checks in far away with a reason and checks out; the agency sees the exception; the week calendar shows it', async () => {
  const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
  const therapist = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor' });
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId, patientZip: '78704' });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
  await db().insert(referralAgreedRates).values({ referralId: referral.id, serviceId: 'evaluation', rate: 150 });
  const agencyCookie = await sessionCookie(e2e.app, agency);
  expect((await callApi(e2e.app.url, 'PUT', `/api/referrals/${referral.id}/patient`, { cookie: agencyCookie, body: patient })).status).toBe(200);
  const therapistCookie = await sessionCookie(e2e.app, therapist);
  // The address is located by a job: wait for it, so the check-in is judged from the address.
  await waitFor(
    async () => ((await (await callApi(e2e.app.url, 'GET', `/api/referrals/${referral.id}/patient`, { cookie: agencyCookie })).json()) as PatientResponse).homeLocation.status === 'located',
    20_000,
    'the patient’s address located',
  );

  const page = await e2e.pageWithCookie(therapistCookie, { viewport: { width: 390, height: 844 } });
  await page.context().grantPermissions(['geolocation'], { origin: e2e.app.url });
  await page.context().setGeolocation({ latitude: centroid.latitude + 0.2, longitude: centroid.longitude, accuracy: 20 });

  // Schedule from the referral page, 10 minutes from now.
  await page.goto(`/dashboard/therapist/referrals/${referral.id}`);
  const visitsPanel = page.getByRole('region', { name: 'Visits' });
  await visitsPanel.getByRole('button', { name: 'Suggest dates' }).click();
  await visitsPanel.getByText(/choose one to fill the form/).waitFor();
  const start = new Date(Date.now() + 10 * 60_000);
  // Typed on the therapist's clock: the default zone, as they have not chosen one.
  await visitsPanel.getByLabel('Date', { exact: true }).fill(dateKeyIn(start, DEFAULT_TIME_ZONE));
  await visitsPanel.getByLabel('Time', { exact: true }).fill(timeOfDayIn(start, DEFAULT_TIME_ZONE));
  await visitsPanel.getByRole('button', { name: 'Schedule visit' }).click();
  await visitsPanel.getByText('Visit scheduled.').waitFor();
  await visitsPanel.getByText('Initial Evaluation: 1 of 1 booked').waitFor();
  await visitsPanel.getByRole('list', { name: 'Scheduled visits' }).getByRole('link').click();

  // Check in far from the patient: a reason is asked for. The page says what check-ins are compared with.
  await page.getByRole('heading', { level: 1, name: /Initial Evaluation/ }).waitFor();
  await page.getByText('Address located for visit verification.').waitFor();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await page.getByText(/Check-in needs a reason: location far from the patient/).waitFor();
  await page.getByLabel('Reason').fill('Parked at the community centre down the road');
  await page.getByRole('button', { name: 'Check in with this reason' }).click();
  // The status badge (a span), not the "Checked in" term of the details list, which is always there.
  await page.locator('span', { hasText: /^Checked in$/ }).waitFor();
  await page.getByText('Location far from the patient’s address').waitFor();
  // Where it was, in words, and from what: the reading was about 14 miles north of the patient's address.
  await page.getByText(/^1\d\.\d mi from the patient’s address$/).waitFor();

  // Check out next to the patient a minute later: a 60-minute visit that short needs a reason too.
  await page.context().setGeolocation({ latitude: centroid.latitude, longitude: centroid.longitude, accuracy: 10 });
  // The patient declines to sign: no signature is an exception too, its reason the one chosen.
  const attestation = page.getByRole('group', { name: 'Patient or caregiver attestation' });
  await attestation.getByRole('radio', { name: 'Could not be obtained' }).check();
  await attestation.getByLabel('Why not').selectOption({ label: 'Patient declined to sign' });
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  await page.getByText('Check-out needs a reason: shorter than 50% of the planned length.').waitFor();
  await page.getByLabel('Reason').fill('Patient too tired to continue');
  await page.getByRole('button', { name: 'Check out with this reason' }).click();
  await page.getByText('Completed', { exact: true }).waitFor();
  await page.getByText('Shorter than 50% of the planned length').waitFor();
  await page.getByText('No patient or caregiver signature').waitFor();
  // Checked out beside the patient's address: said as measured from it.
  await page.getByText(/^Near the patient’s home \(0\.1 mi from the patient’s address\)$/).waitFor();

  // The agency sees the exception and the reason.
  const agencyPage = await e2e.pageWithCookie(agencyCookie);
  const visitId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await agencyPage.goto(`/dashboard/agency/visits/${visitId}`);
  await agencyPage.getByRole('heading', { name: 'Verification exceptions' }).waitFor();
  await agencyPage.getByText('Check-in: Parked at the community centre down the road').waitFor();
  await agencyPage.getByText('Check-out: Patient too tired to continue; No signature: Patient declined to sign').waitFor();

  // Today's schedule and the week calendar, with previous / next week.
  await page.goto('/dashboard/therapist/schedule');
  const today = page.getByRole('region', { name: 'Today’s schedule' });
  await today.getByRole('link', { name: /Initial Evaluation/ }).waitFor();
  const week = page.getByRole('region', { name: /Week of/ });
  await week.getByRole('link', { name: /Initial Evaluation/ }).waitFor();
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByText('No visits this week.').waitFor();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await week.getByRole('link', { name: /Initial Evaluation/ }).waitFor();
});

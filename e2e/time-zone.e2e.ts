import { afterAll, beforeAll, expect, it } from 'vitest';
import { dateKeyIn, instantAt } from '../src/domain/time-zones';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { callApi, ok } from '../test/http';
import { sessionCookie } from '../test/people';
import { buildReferral } from '../test/referral-fixtures';
import { buildVisit } from '../test/visit-fixtures';

/**
 * One time rule: a Denver therapist, in a browser in Denver, reads a visit booked for 2:06 AM as
 * 2:06 AM on the dashboard, the schedule and the visit page (the patient's Austin clock beside it),
 * and a new user is offered the browser's zone at onboarding.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const DENVER = 'America/Denver';
const phone = { width: 390, height: 844 };

it('a Denver therapist sees a 2:06 AM visit as 2:06 AM on the dashboard, the schedule and the visit page', async () => {
  const agency = await buildAgency(db());
  const therapist = await buildTherapist(db());
  // Austin, TX: the patient's home keeps Central time, an hour ahead of Denver.
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
  const start = instantAt(dateKeyIn(new Date(), DENVER), '02:06', DENVER);
  const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, referralId: referral.id, status: 'scheduled', scheduledStart: start });
  const cookie = await sessionCookie(e2e.app, therapist);
  await ok(await callApi(e2e.app.url, 'PUT', '/api/me/time-zone', { cookie, body: { timeZone: DENVER } }));

  const page = await e2e.pageWithCookie(cookie, { viewport: phone, timezoneId: DENVER });
  await page.goto('/dashboard/therapist');
  const today = page.getByRole('region', { name: 'Today’s schedule' });
  await expect.poll(() => today.getByRole('link').first().innerText()).toMatch(/^2:06 AM · /);
  // Someone who has chosen a zone is not asked again.
  expect(await page.getByRole('heading', { name: 'Which time zone are you in?' }).count()).toBe(0);

  await page.goto('/dashboard/therapist/schedule');
  const todayList = page.getByRole('list', { name: 'Today’s visits' });
  await expect.poll(() => todayList.getByRole('link').first().innerText()).toMatch(/^2:06 AM M[SD]T · 3:06 AM C[SD]T at the patient’s home/);
  // The week calendar files it under today, as the dashboard does.
  const todayCell = page.getByRole('list', { name: 'Days of the week' }).getByRole('listitem').filter({ hasText: '(today)' });
  await todayCell.getByRole('link', { name: /2:06 AM M[SD]T/ }).waitFor();

  await page.goto(`/dashboard/therapist/visits/${visit.id}`);
  await page.getByRole('heading', { level: 1, name: /2:06 AM M[SD]T · 3:06 AM C[SD]T at the patient’s home/ }).waitFor();

  // The user's zone decides, not the browser's: moved to New York, the same visit reads 4:06 AM.
  await page.goto('/dashboard/security');
  const section = page.getByRole('region', { name: 'Time zone' });
  await section.getByLabel('Your time zone').selectOption('America/New_York');
  await section.getByRole('button', { name: 'Save time zone' }).click();
  await section.getByText('Time zone saved.').waitFor();
  // Read on the visit page: in the hours when New York's date is already tomorrow and Denver's is
  // not, the visit is no longer 'today' for a New Yorker, so the dashboard would not list it.
  await page.goto(`/dashboard/therapist/visits/${visit.id}`);
  await page.getByRole('heading', { level: 1, name: /4:06 AM E[SD]T · 3:06 AM C[SD]T at the patient’s home/ }).waitFor();
});

it('onboarding offers the browser’s zone before the user has chosen one', async () => {
  const therapist = await buildTherapist(db(), { licensed: false, status: 'pending' });
  const page = await e2e.signedInPage(therapist, { viewport: phone, timezoneId: DENVER });
  await page.goto('/onboarding');
  const zone = page.getByLabel('Your time zone');
  await expect.poll(() => zone.inputValue()).toBe(DENVER);
  const cookie = await sessionCookie(e2e.app, therapist);
  expect(await ok(await callApi(e2e.app.url, 'GET', '/api/me', { cookie }))).toMatchObject({ timeZoneChosen: false });
});

it('an existing user who never chose is asked once on the dashboard, with the browser’s zone offered', async () => {
  const agency = await buildAgency(db());
  const page = await e2e.signedInPage(agency, { viewport: phone, timezoneId: DENVER });
  await page.goto('/dashboard/agency');
  const prompt = page.getByRole('region', { name: 'Which time zone are you in?' });
  await expect.poll(() => prompt.getByLabel('Your time zone').inputValue()).toBe(DENVER);
  await prompt.getByRole('button', { name: 'Use this time zone' }).click();
  await prompt.waitFor({ state: 'detached' });
  const cookie = await sessionCookie(e2e.app, agency);
  expect(await ok(await callApi(e2e.app.url, 'GET', '/api/me', { cookie }))).toMatchObject({ timeZone: DENVER, timeZoneChosen: true });
});

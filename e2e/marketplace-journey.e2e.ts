import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, dateKeyIn, timeOfDayIn } from '../src/domain/time-zones';
import { locateZip } from '../src/server/geo/zip-centroids';
import { drawSignature } from '../test/attestation';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist } from '../test/factories';
import { sessionCookie } from '../test/people';

/**
 * The whole product through the UI, one journey, with a browser context per person: the agency
 * posts a referral; the therapist (on a phone) is told without reloading, accepts and is confirmed;
 * the agency adds the patient; the therapist schedules the visit, checks in and out next to the
 * patient, documents and signs; the agency returns the note with a message; the therapist revises
 * and signs again; the agency approves; the payout and invoice line are on the therapist's, the
 * agency's and the manager's pages, both dashboards move from their figures before to after, and
 * the manager marks the payout paid.
 *
 * Set-up that is not the journey is done directly: approved accounts, and sessions verified with a
 * second factor (referral-journey.e2e.ts enrols an authenticator app in the UI).
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 390, height: 844 };
const centroid = locateZip('78704')!;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** A dashboard figure by its label (each is a <dt>/<dd> pair). */
const stat = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd').first();

async function figures(page: Page, labels: string[]): Promise<Record<string, string>> {
  const read = await Promise.all(labels.map(async (label) => [label, ((await stat(page, label).textContent()) ?? '').trim()] as const));
  return Object.fromEntries(read);
}

/** Opens the bell once a notification titled `title` has arrived (no reload) and follows it. */
async function followNotification(page: Page, title: string) {
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: new RegExp(title) }).first().click();
}

it('agency posts → therapist notified live, accepts → match → patient → visit with EVV → note signed, returned, revised, re-signed → approved → paid out; dashboards move', async () => {
  const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
  const therapist = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor' });
  const manager = await buildManager(db());
  const cookies = await Promise.all([agency, therapist, manager].map(async (person) => await sessionCookie(e2e.app, person)));
  const [agencyCookie, therapistCookie, managerCookie] = cookies as [string, string, string];
  const agencyPage = await e2e.pageWithCookie(agencyCookie);
  const therapistPage = await e2e.pageWithCookie(therapistCookie, { viewport: PHONE });

  // Before: the agency has nothing yet; the therapist's figures are all zero.
  await agencyPage.goto('/dashboard/agency');
  await agencyPage.getByText(/^No referrals yet\./).waitFor();
  const streaming = therapistPage.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
  await therapistPage.goto('/dashboard/therapist');
  await streaming;
  await stat(therapistPage, 'Pending Payments').waitFor();
  const therapistLabels = ['Active Patients', 'Completed Visits (this month)', 'Pending Payments'];
  const agencyLabels = ['Network Therapists', 'Active Patients', 'Pending Referrals', 'Visit completion rate (30 days)'];
  expect(await figures(therapistPage, therapistLabels)).toEqual({ 'Active Patients': '0', 'Completed Visits (this month)': '0', 'Pending Payments': '$0.00' });

  // The agency posts a referral: an evaluation at $175, then eight treatment sessions.
  await agencyPage.goto('/dashboard/agency/referrals/new');
  await agencyPage.getByRole('heading', { level: 1, name: 'New Referral' }).waitFor();
  await field(agencyPage, 'Physical therapy (PT)').check();
  await field(agencyPage, 'Initial Evaluation').check();
  await field(agencyPage, 'Initial Evaluation rate ($ per visit)').fill('175');
  await field(agencyPage, 'Treatment Session').check();
  await field(agencyPage, 'Treatment Session visits').fill('8');
  await field(agencyPage, 'Patient ZIP code').fill('78704');
  await field(agencyPage, 'Visit frequency').fill('1w1, 2w4');
  await field(agencyPage, 'Start by').fill(inDays(2));
  await field(agencyPage, 'Clinical summary').fill('Right total knee replacement; gait training and stair practice.');
  await agencyPage.getByRole('button', { name: 'Post referral' }).click();
  await agencyPage.getByText('Referral posted. 1 therapist notified.').waitFor();
  const referralId = new URL(agencyPage.url()).pathname.split('/').at(-1) ?? '';

  // The therapist's bell lights up without a reload; they follow it and accept.
  await followNotification(therapistPage, 'New PT referral near you');
  await therapistPage.waitForURL((url) => url.pathname === `/dashboard/therapist/referrals/${referralId}`);
  await therapistPage.getByRole('button', { name: 'Accept at offered rates' }).click();
  await therapistPage.getByRole('status').filter({ hasText: 'You accepted this referral.' }).waitFor();

  // The agency sees the acceptance arrive and confirms at $175.
  const robin = agencyPage.getByRole('listitem', { name: 'Robin Okafor', exact: true });
  await robin.getByText('Accepted', { exact: true }).waitFor();
  await agencyPage.getByRole('button', { name: 'Confirm Robin Okafor' }).click();
  const confirm = agencyPage.getByRole('dialog', { name: 'Confirm Robin Okafor?' });
  expect(await confirm.textContent()).toContain('$175');
  await confirm.getByRole('button', { name: 'Confirm match' }).click();
  await agencyPage.getByText(/^Robin Okafor is matched\./).waitFor();

  // The agency adds the patient's details.
  const patientPanel = agencyPage.getByRole('region', { name: 'Patient details' });
  await patientPanel.getByRole('heading', { name: 'Add patient details' }).waitFor();
  await field(patientPanel, 'First name').fill('Margaret');
  await field(patientPanel, 'Last name').fill('Whitfield');
  await field(patientPanel, 'Date of birth').fill('1948-03-14');
  await field(patientPanel, 'Phone').fill('512-555-0142');
  await field(patientPanel, 'Street address').fill('1200 S Congress Ave');
  await field(patientPanel, 'City').fill('Austin');
  await field(patientPanel, 'State').selectOption('TX');
  await field(patientPanel, 'ZIP code').fill('78704');
  await field(patientPanel, 'Emergency contact name').fill('Daniel Whitfield');
  await field(patientPanel, 'Emergency contact phone').fill('512-555-0177');
  await field(patientPanel, 'ICD-10 code').fill('Z96.651');
  await field(patientPanel, 'Primary diagnosis').fill('Presence of right artificial knee joint');
  await field(patientPanel, 'Referring physician').fill('Dr. Lena Ortiz');
  await field(patientPanel, 'Payer').fill('Medicare Part A');
  await patientPanel.getByRole('button', { name: 'Save patient details' }).click();
  await patientPanel.getByText('Patient details saved.').waitFor();
  // The address goes to the geocoder (here the built-in stand-in, which answers at once), and the panel
  // says what check-ins are compared with: the ZIP area, meanwhile and with the stand-in alike.
  await patientPanel.getByText(/^(Locating the address…|Address placed at its ZIP’s center by the built-in stand-in geocoder).* check-ins are compared with the ZIP area\.$/).waitFor();

  // Between match and visit: one therapist in the network, one active patient, none pending.
  await agencyPage.goto('/dashboard/agency');
  await stat(agencyPage, 'Network Therapists').waitFor();
  expect(await figures(agencyPage, agencyLabels)).toEqual({
    'Network Therapists': '1',
    'Active Patients': '1',
    'Pending Referrals': '0',
    'Visit completion rate (30 days)': 'No visits due yet',
  });

  // The therapist's open page has heard of the match and the patient (no reload); they schedule
  // the evaluation ten minutes from now.
  await therapistPage.getByRole('heading', { name: 'You were matched' }).waitFor();
  await therapistPage.getByRole('region', { name: 'Patient details' }).getByText('Margaret Whitfield').waitFor();
  const visitsPanel = therapistPage.getByRole('region', { name: 'Visits' });
  const start = new Date(Date.now() + 10 * 60_000);
  await field(visitsPanel, 'Service').selectOption('evaluation');
  // Typed on the therapist's clock: the default zone, as they have not chosen one.
  await field(visitsPanel, 'Date').fill(dateKeyIn(start, DEFAULT_TIME_ZONE));
  await field(visitsPanel, 'Time').fill(timeOfDayIn(start, DEFAULT_TIME_ZONE));
  await visitsPanel.getByRole('button', { name: 'Schedule visit' }).click();
  await visitsPanel.getByText('Visit scheduled.').waitFor();
  await visitsPanel.getByRole('list', { name: 'Scheduled visits' }).getByRole('link').click();

  // At the patient's door (a few hundred metres from the ZIP's centre): check in, then check out.
  await therapistPage.context().grantPermissions(['geolocation'], { origin: e2e.app.url });
  const door = { latitude: centroid.latitude + 0.002, longitude: centroid.longitude - 0.002 };
  await therapistPage.context().setGeolocation({ ...door, accuracy: 15 });
  await therapistPage.getByRole('heading', { level: 1, name: /Initial Evaluation/ }).waitFor();
  const visitPath = new URL(therapistPage.url()).pathname;
  await therapistPage.getByRole('button', { name: 'Check in', exact: true }).click();
  // The patient signs on the phone; checked out at once on a 60-minute visit: the short visit is an exception, with a reason.
  await drawSignature(therapistPage);
  await therapistPage.getByRole('button', { name: 'Check out', exact: true }).click();
  await therapistPage.getByLabel('Reason').fill('Patient asked to stop early');
  await therapistPage.getByRole('button', { name: 'Check out with this reason' }).click();
  await therapistPage.getByText('Completed', { exact: true }).waitFor();
  const exceptions = therapistPage.getByRole('region', { name: 'Verification exceptions' });
  expect(await exceptions.getByRole('listitem').allTextContents()).toEqual(['Shorter than 50% of the planned length']);
  // Both readings were recorded where the phone was, a fraction of a mile from the ZIP's center: said in
  // words, as measured from the ZIP area (the built-in stand-in geocoder knows no address's own point).
  expect(await therapistPage.getByText(/^Within the patient’s ZIP area \(0\.\d mi from its center; up to 3 mi allowed\)$/).count()).toBe(2);

  // The note, written and signed on the phone.
  const notes = therapistPage.getByRole('region', { name: 'Visit notes' });
  await field(notes, 'History').fill('Right TKA two weeks ago; lives alone, two-storey house.');
  await field(notes, 'Objective measures').fill('Knee flexion 85°; TUG 18 s with a rolling walker.');
  await field(notes, 'Assessment').fill('Below prior level of function; good potential.');
  await field(notes, 'Goal 1').fill('Climb 12 stairs with one rail in 4 weeks');
  await field(notes, 'Plan').fill('Gait and stair training; home exercise programme.');
  await field(notes, 'Frequency').fill('1w1');
  await notes.getByRole('button', { name: 'Save draft' }).click();
  await notes.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  await notes.getByLabel('Type your full name to sign').fill('Robin Okafor');
  await notes.getByRole('button', { name: 'Sign note' }).click();
  await notes.getByRole('status').filter({ hasText: 'Note signed. The agency has been notified.' }).waitFor();

  // The agency is told at once, opens the visit from the bell and returns the note.
  await followNotification(agencyPage, 'Visit notes ready for review');
  await agencyPage.waitForURL((url) => url.pathname === visitPath.replace('/therapist/', '/agency/'));
  const agencyNotes = agencyPage.getByRole('region', { name: 'Visit notes' });
  await agencyNotes.getByText('Climb 12 stairs with one rail in 4 weeks').waitFor();
  await agencyNotes.getByRole('button', { name: 'Return with message' }).click();
  await agencyNotes.getByLabel('What should the therapist change?').fill('Please add a range-of-motion goal.');
  await agencyNotes.getByRole('button', { name: 'Return to therapist' }).click();
  await agencyNotes.getByRole('status').filter({ hasText: 'Notes returned to the therapist.' }).waitFor();

  // The therapist is told, reads the message, revises and signs again.
  await followNotification(therapistPage, 'Visit notes returned');
  await notes.getByRole('note').filter({ hasText: 'Please add a range-of-motion goal.' }).waitFor();
  await notes.getByRole('button', { name: 'Add goal' }).click();
  await field(notes, 'Goal 2').fill('Knee flexion to 110° in 4 weeks');
  await notes.getByRole('button', { name: 'Save draft' }).click();
  await notes.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  // Signed from the keyboard this time: Enter in the name field.
  await notes.getByLabel('Type your full name to sign').fill('Robin Okafor');
  await notes.getByLabel('Type your full name to sign').press('Enter');
  await notes.getByRole('status').filter({ hasText: 'Note signed. The agency has been notified.' }).waitFor();
  await notes.getByRole('article', { name: 'Version 2' }).getByText('Signed, awaiting review').waitFor();

  // The agency's open visit page hears of the new signature and shows the revision; it approves.
  await agencyNotes.getByRole('article', { name: 'Version 2' }).getByText('Knee flexion to 110° in 4 weeks').waitFor();
  await agencyNotes.getByRole('button', { name: 'Approve' }).click();
  await agencyNotes.getByRole('status').filter({ hasText: 'Notes approved. The visit is now payable.' }).waitFor();

  // The payout is owed to the therapist; the line is on the agency's invoice and on the ledger.
  await therapistPage.goto('/dashboard/therapist/payments');
  await therapistPage.getByRole('list', { name: 'Payouts' }).getByRole('listitem').filter({ hasText: 'Bluebird Home Care' }).filter({ hasText: 'pending' }).getByText('$175.00').waitFor();
  await agencyPage.goto('/dashboard/agency/invoices');
  await agencyPage.getByRole('table', { name: 'Invoice lines' }).getByRole('row').filter({ hasText: 'Robin Okafor' }).getByText('$175.00').waitFor();
  const managerPage = await e2e.pageWithCookie(managerCookie);
  await managerPage.goto('/dashboard/admin/payments');
  const ledgerLine = managerPage.getByRole('table', { name: 'Agency invoice lines' }).getByRole('row').filter({ hasText: 'Bluebird Home Care' });
  await ledgerLine.filter({ hasText: 'Robin Okafor' }).filter({ hasText: 'pending' }).getByText('$175.00').waitFor();
  await managerPage.getByRole('table', { name: 'Therapist payouts' }).getByRole('row').filter({ hasText: 'Robin Okafor' }).getByText('$175.00').waitFor();

  // After: both dashboards show the visit and the money.
  await therapistPage.goto('/dashboard/therapist');
  await stat(therapistPage, 'Pending Payments').waitFor();
  expect(await figures(therapistPage, therapistLabels)).toEqual({ 'Active Patients': '1', 'Completed Visits (this month)': '1', 'Pending Payments': '$175.00' });
  expect(await seriousAxeViolations(therapistPage)).toEqual([]);

  await agencyPage.goto('/dashboard/agency');
  await stat(agencyPage, 'Network Therapists').waitFor();
  expect(await figures(agencyPage, agencyLabels)).toEqual({
    'Network Therapists': '1',
    'Active Patients': '1',
    'Pending Referrals': '0',
    'Visit completion rate (30 days)': '100%',
  });
  const activity = agencyPage.getByRole('region', { name: 'Recent activity' });
  await activity.getByText('Initial Evaluation completed in Austin, TX').waitFor();
  await activity.getByText('PT referral in Austin, TX matched with a therapist').waitFor();

  // The manager settles the payout outside CareRelay and marks it paid; the therapist sees it paid.
  const payoutRow = managerPage.getByRole('table', { name: 'Therapist payouts' }).getByRole('row').filter({ hasText: 'Robin Okafor' });
  await payoutRow.getByRole('button', { name: 'Mark paid' }).click();
  await managerPage.getByRole('status').filter({ hasText: 'Marked paid: Robin Okafor, Bluebird Home Care.' }).waitFor();
  await payoutRow.getByText('paid', { exact: true }).waitFor();
  await therapistPage.goto('/dashboard/therapist/payments');
  await therapistPage.getByText('Paid to you').locator('..').getByText('$175.00').waitFor();
  await therapistPage.getByText('Pending payments').locator('..').getByText('$0.00').waitFor();
});

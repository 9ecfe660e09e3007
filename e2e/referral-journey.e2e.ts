import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist, elevateSession, signIn } from '../test/factories';
import { sessionCookie } from '../test/people';
import { authenticatorCode } from '../test/rfc6238';

/**
 * The marketplace from both sides at once, in two browser contexts: the agency posts, the
 * therapist is told without reloading, asks for more, takes the agency's counter, is confirmed,
 * and — once verified with an authenticator app — sees the patient the agency added. Another
 * therapist cannot.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function enrolAuthenticator(page: Page) {
  await page.goto('/dashboard/security');
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  await field(page, 'Name').fill('My phone');
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = await page.getByLabel('Can’t scan it? Enter this setup key').inputValue();
  await page.getByLabel('6-digit code', { exact: true }).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await page.getByText('This session is verified with a second factor').waitFor();
}

it('agency posts; therapist is notified live, asks more, takes the counter, is confirmed and sees the patient after enrolling TOTP; another therapist cannot', async () => {
  const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
  const therapist = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor', yearsExperience: 9 });
  const outsider = await buildTherapist(db(), { firstName: 'Olive', lastName: 'Outsider', zip: '75201' });
  const agencyCookie = await signIn(e2e.app.url, agency);
  const agencyPage = await e2e.pageWithCookie(agencyCookie);
  const therapistPage = await e2e.signedInPage(therapist);

  // The therapist is on their dashboard, listening, before anything is posted.
  const streaming = therapistPage.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
  await therapistPage.goto('/dashboard/therapist');
  await streaming;
  const bell = therapistPage.getByRole('button', { name: /^Notifications/ });
  expect(await bell.getAttribute('aria-label')).toBe('Notifications');

  // The agency posts a referral through the form.
  await agencyPage.goto('/dashboard/agency/referrals/new');
  await agencyPage.getByRole('heading', { level: 1, name: 'New Referral' }).waitFor();
  await field(agencyPage, 'Physical therapy (PT)').check();
  await field(agencyPage, 'Initial Evaluation').check();
  await field(agencyPage, 'Treatment Session').check();
  await field(agencyPage, 'Treatment Session visits').fill('8');
  await field(agencyPage, 'Patient ZIP code').fill('78704');
  await field(agencyPage, 'Visit frequency').fill('1w1, 2w4');
  await field(agencyPage, 'Start by').fill(inDays(3));
  await field(agencyPage, 'Clinical summary').fill('Right total knee replacement; gait training and stair practice.');
  await agencyPage.getByRole('button', { name: 'Post referral' }).click();
  await agencyPage.getByText('Referral posted. 1 therapist notified.').waitFor();
  const referralPath = new URL(agencyPage.url()).pathname;
  const referralId = referralPath.split('/').at(-1) ?? '';

  // The therapist's bell lights up without a reload; the notification leads to the referral.
  await therapistPage.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  await bell.click();
  await therapistPage.getByRole('link', { name: /New PT referral near you/ }).click();
  await therapistPage.waitForURL((url) => url.pathname === `/dashboard/therapist/referrals/${referralId}`);

  // A higher rate for the evaluation, with a reason.
  await therapistPage.getByRole('button', { name: 'Request a higher rate' }).click();
  const form = therapistPage.getByRole('form', { name: 'Request a higher rate' });
  await form.getByLabel('Initial Evaluation').fill('180');
  await form.getByLabel('Complex case', { exact: true }).check();
  await form.getByLabel('Note for the agency').fill('Second-floor walk-up; the evaluation runs long.');
  await form.getByRole('button', { name: 'Send rate request' }).click();
  await therapistPage.getByRole('status').filter({ hasText: 'Your rate request was sent to the agency.' }).waitFor();

  // The agency sees it appear and counters at $165.
  const robin = agencyPage.getByRole('listitem', { name: 'Robin Okafor', exact: true });
  await robin.getByText('Asks for a higher rate').waitFor();
  expect(await robin.getByText('9 years').count()).toBe(1);
  await agencyPage.getByRole('button', { name: 'Counter Robin Okafor' }).click();
  const counter = agencyPage.getByRole('dialog', { name: 'Counter Robin Okafor’s rates' });
  await counter.getByLabel('Initial Evaluation', { exact: true }).fill('165');
  await counter.getByRole('button', { name: 'Send counter offer' }).click();
  await agencyPage.getByText('Counter offer sent to Robin Okafor.').waitFor();

  // The therapist's page hears of the counter and takes it.
  await therapistPage.getByRole('table', { name: 'The agency’s counter offer' }).waitFor();
  await therapistPage.getByRole('button', { name: 'Accept counter' }).click();
  await therapistPage.getByRole('status').filter({ hasText: 'You accepted the counter offer.' }).waitFor();

  // The agency confirms at the countered rate.
  await robin.getByText('Accepted', { exact: true }).waitFor();
  await agencyPage.getByRole('button', { name: 'Confirm Robin Okafor' }).click();
  const confirm = agencyPage.getByRole('dialog', { name: 'Confirm Robin Okafor?' });
  expect(await confirm.textContent()).toContain('$165');
  await confirm.getByRole('button', { name: 'Confirm match' }).click();
  await agencyPage.getByText(/^Robin Okafor is matched\./).waitFor();

  // The agency, verified with a second factor, adds the patient.
  await elevateSession(db(), agencyCookie);
  await agencyPage.reload();
  const agencyPanel = agencyPage.getByRole('region', { name: 'Patient details' });
  await agencyPanel.getByRole('heading', { name: 'Add patient details' }).waitFor();
  await field(agencyPage, 'First name').fill('Margaret');
  await field(agencyPage, 'Last name').fill('Whitfield');
  await field(agencyPage, 'Date of birth').fill('1948-03-14');
  await field(agencyPage, 'Phone').fill('512-555-0142');
  await field(agencyPage, 'Street address').fill('1200 S Congress Ave');
  await field(agencyPage, 'City').fill('Austin');
  await field(agencyPage, 'State').selectOption('TX');
  await field(agencyPage, 'ZIP code').fill('78704');
  await field(agencyPage, 'Emergency contact name').fill('Daniel Whitfield');
  await field(agencyPage, 'Emergency contact phone').fill('512-555-0177');
  await field(agencyPage, 'ICD-10 code').fill('Z96.651');
  await field(agencyPage, 'Primary diagnosis').fill('Presence of right artificial knee joint');
  await field(agencyPage, 'Referring physician').fill('Dr. Lena Ortiz');
  await field(agencyPage, 'Payer').fill('Medicare Part A');
  await agencyPanel.getByRole('button', { name: 'Save patient details' }).click();
  await agencyPanel.getByText('Patient details saved.').waitFor();

  // The therapist was matched; the patient needs two-step verification first.
  await therapistPage.goto(`/dashboard/therapist/referrals/${referralId}`);
  await therapistPage.getByRole('heading', { name: 'You were matched' }).waitFor();
  const therapistPanel = therapistPage.getByRole('region', { name: 'Patient details' });
  await therapistPanel.getByText('Patient details need two-step verification.').waitFor();
  expect(await therapistPage.getByText('Whitfield').count()).toBe(0);

  await enrolAuthenticator(therapistPage);
  await therapistPage.goto(`/dashboard/therapist/referrals/${referralId}`);
  await therapistPanel.getByText('Margaret Whitfield').waitFor();
  expect(await therapistPanel.textContent()).toContain('Z96.651');
  expect(await therapistPanel.getByRole('button', { name: 'Edit patient details' }).count()).toBe(0);
  expect(await seriousAxeViolations(therapistPage)).toEqual([]);

  // Another therapist, even verified, finds neither the referral nor its patient.
  const outsiderCookie = await sessionCookie(e2e.app, outsider);
  const outsiderPage = await e2e.pageWithCookie(outsiderCookie);
  await outsiderPage.goto(`/dashboard/therapist/referrals/${referralId}`);
  await outsiderPage.getByRole('heading', { name: 'This referral is not available', level: 1 }).waitFor();
  expect(await outsiderPage.getByText('Whitfield').count()).toBe(0);
  const patient = await fetch(`${e2e.app.url}/api/referrals/${referralId}/patient`, { headers: { cookie: outsiderCookie } });
  expect(patient.status).toBe(404);
}, 120_000);

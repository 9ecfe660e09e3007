import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientMessages } from '../src/domain/patients';
import { referralMessages, type AgencyReferral } from '../src/domain/referrals';
import { visitFrequencyMessage } from '../src/domain/visit-frequency';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist, elevateSession, signIn } from '../test/factories';
import { callApi, ok } from '../test/http';
import { createReferral } from '../test/referrals';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 375, height: 800 };
// Each journey posts in its own city, more than 25 miles (the therapists' radius) from the others,
// so the therapists one journey builds are never notified of another's referral.
const AUSTIN = '78701';
const DALLAS = '75201';
const HOUSTON = '77002';
const SAN_ANTONIO = '78205';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
/** Tables may scroll inside their box as a last resort; on a phone, rate tables should not need to. */
const tablesOverflowing = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('table')].filter((table) => table.scrollWidth > (table.parentElement?.clientWidth ?? 0)).length);

/** A JSON call as a browser would make it (same Origin, the person's session cookie) that must succeed. */
const call = async <T>(cookie: string, method: string, path: string, body: unknown = {}) =>
  ok<T>(await callApi(e2e.app.url, method, path, { cookie, body: method === 'GET' ? undefined : body }));


function postReferral(cookie: string, zip: string) {
  return createReferral(e2e.app.url, cookie, {
    patientZip: zip,
    visitFrequency: '2w4',
    startBy: inDays(3),
    clinicalSummary: 'Right total knee replacement, discharged home; gait training and stair practice.',
  });
}

async function openReferral(page: Page, id: string) {
  await page.goto(`/dashboard/agency/referrals/${id}`);
  await page.getByRole('heading', { level: 1, name: /^PT referral · / }).waitFor();
}

const responseCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

describe('agency referrals', () => {
  it('an agency on a phone is shown each mistake on its field, saves a draft, edits it and posts it', async () => {
    const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
    await buildTherapist(db(), { zip: AUSTIN });
    const page = await e2e.signedInPage(agency, { viewport: PHONE });

    // The dashboard links to the referral pages and shows no figures until they come from the database.
    await page.goto('/dashboard/agency');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Bluebird Home Care' }).waitFor();
    expect(await page.getByRole('link', { name: /^New Referral/ }).getAttribute('href')).toBe('/dashboard/agency/referrals/new');
    expect(await page.getByRole('main').textContent()).not.toMatch(/\d/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: /^Referrals/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Referrals' }).waitFor();
    await page.getByText('No posted referrals are waiting for a match.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('link', { name: 'New Referral' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New Referral' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Nothing filled in: every required field says what it needs.
    await page.getByRole('button', { name: 'Post referral' }).click();
    for (const message of [
      referralMessages.discipline,
      referralMessages.servicesRequired,
      referralMessages.zip,
      visitFrequencyMessage,
      referralMessages.startBy,
      referralMessages.summaryRequired,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await field(page, 'Patient ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'Physical therapy (PT)').check();
    await field(page, 'Treatment Session').check();
    await field(page, 'Initial Evaluation').check();
    // Ticking a service brings its visit count and the default rate.
    expect(await field(page, 'Initial Evaluation rate ($ per visit)').inputValue()).toBe('150');
    expect(await field(page, 'Treatment Session rate ($ per visit)').inputValue()).toBe('100');
    await field(page, 'Treatment Session visits').fill('8');
    await field(page, 'Treatment Session rate ($ per visit)').fill('0');
    await field(page, 'Patient ZIP code').fill('00000');
    await field(page, 'Visit frequency').fill('2x4');
    await page.getByTestId('frequency-preview').getByText('"2x4" is not in the form 2w4 (visits per week, w, weeks)').waitFor();
    await field(page, 'Start by').fill(inDays(2));
    await field(page, 'Clinical summary').fill('Right TKA, DOB 3/14/1948, lives alone; gait training.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(referralMessages.summaryIdentifiers, { exact: true }).waitFor();
    await page.getByText(referralMessages.ratePositive, { exact: true }).waitFor();
    expect(await page.getByText(visitFrequencyMessage, { exact: true }).count()).toBe(1);
    expect(await field(page, 'Clinical summary').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'Treatment Session rate ($ per visit)').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'Treatment Session rate ($ per visit)').fill('100');
    await field(page, 'Visit frequency').fill('1w1, 2w4');
    await page.getByTestId('frequency-preview').getByText('Once a week for 1 week, then twice a week for 4 weeks: 9 visits over 5 weeks.').waitFor();
    await field(page, 'Clinical summary').fill('Right total knee replacement, lives alone; gait training and stair practice.');
    // Only the server knows which ZIP codes exist: its answer lands on the ZIP field.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(referralMessages.zipUnknown, { exact: true }).waitFor();
    expect(await field(page, 'Patient ZIP code').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'Patient ZIP code').fill(AUSTIN);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { level: 1, name: `PT referral · Austin, TX ${AUSTIN}` }).waitFor();
    await page.getByText('Draft saved. Post it when you are ready.').waitFor();
    await page.getByText('Not posted yet: no therapist has seen it.').waitFor();
    expect(await page.getByText('Once a week for 1 week, then twice a week for 4 weeks (9 visits)').count()).toBe(1);

    // Edit: the form comes back filled in, with the city and state of the saved ZIP.
    await page.getByRole('button', { name: 'Edit referral' }).click();
    await page.getByText('Austin, TX', { exact: true }).waitFor();
    expect(await field(page, 'Visit frequency').inputValue()).toBe('1w1, 2w4');
    expect(await field(page, 'Instant confirm').isChecked()).toBe(false);
    await field(page, 'Treatment Session visits').fill('6');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').waitFor();
    await page.getByRole('table', { name: 'Services, visits and offered rates' }).getByText('6 visits').waitFor();

    await page.getByRole('button', { name: 'Post referral' }).click();
    await page.getByText('Referral posted. 1 therapist notified.').waitFor();
    expect(await page.getByTestId('notified-count').textContent()).toBe('1 therapist notified');
    await page.getByText('No responses yet. 1 therapist notified; each answer appears here as it arrives.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('link', { name: 'Back to referrals' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `PT referral · Austin, TX ${AUSTIN}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Initial Evaluation × 1, Treatment Session × 6');
    expect(await row.textContent()).toContain('Therapists notified1');
    await page.getByRole('link', { name: 'Drafts' }).click();
    await page.getByText('No drafts.').waitFor();
    expect(await page.getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('a rate request appears live; the agency counters, confirms the match and adds patient details at aal2', async () => {
    const agency = await buildAgency(db(), { zip: DALLAS });
    const asker = await buildTherapist(db(), { zip: DALLAS, firstName: 'Robin', lastName: 'Rate', yearsExperience: 11 });
    const accepter = await buildTherapist(db(), { zip: DALLAS, firstName: 'Alex', lastName: 'Accept' });
    const agencyCookie = await signIn(e2e.app.url, agency);
    const askerCookie = await signIn(e2e.app.url, asker);
    const referral = await postReferral(agencyCookie, DALLAS);
    expect(referral.notifiedCount).toBe(2);

    const page = await e2e.pageWithCookie(agencyCookie, { viewport: PHONE });
    // The page hears of responses through the header's notification stream: wait until it listens.
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications' && response.ok());
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
    await openReferral(page, referral.id);
    await Promise.all([listed, streaming]);
    expect(await page.getByTestId('notified-count').textContent()).toBe('2 therapists notified');

    // The therapist asks for more on the evaluation; the page hears of it without a reload.
    await call(askerCookie, 'POST', `/api/therapist/referrals/${referral.id}/response`, {
      kind: 'rate_request',
      rates: { evaluation: 180 },
      reason: 'complex_case',
      note: 'Second-floor walk-up, needs extra time.',
    });
    const robin = responseCard(page, 'Robin Rate');
    await robin.waitFor();
    await robin.getByText('Asks for a higher rate').waitFor();
    expect(await robin.getByText(/^License TX verified [A-Z][a-z]{2} \d{4} · NPI · Background check$/).count()).toBe(1);
    expect(await robin.getByRole('link', { name: 'View Robin Rate’s profile' }).count()).toBe(1);
    expect(await robin.getByText('11 years').count()).toBe(1);
    expect(await robin.getByText('TX, expires Dec 31, 2030').count()).toBe(1);
    expect(await robin.locator('[data-higher="true"]').textContent()).toBe('$180 (higher than offered)');
    expect(await robin.textContent()).toContain('Complex case');
    expect(await robin.textContent()).toContain('Second-floor walk-up, needs extra time.');

    await call(await signIn(e2e.app.url, accepter), 'POST', `/api/therapist/referrals/${referral.id}/response`, { kind: 'accept' });
    await responseCard(page, 'Alex Accept').getByText('Accepted', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Counter: the dialog starts from what was asked; the same rates are no counter at all.
    await page.getByRole('button', { name: 'Counter Robin Rate' }).click();
    const counter = page.getByRole('dialog', { name: 'Counter Robin Rate’s rates' });
    expect(await counter.getByLabel('Initial Evaluation', { exact: true }).inputValue()).toBe('180');
    expect(await counter.getByLabel('Treatment Session', { exact: true }).inputValue()).toBe('100');
    await counter.getByRole('button', { name: 'Send counter offer' }).click();
    await counter.getByText(referralMessages.counterHigher, { exact: true }).waitFor();
    await counter.getByLabel('Initial Evaluation', { exact: true }).fill('165');
    expect(await counter.getByText(referralMessages.counterHigher, { exact: true }).count()).toBe(0);
    await counter.getByLabel('Note to the therapist').fill('We can meet you partway.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await counter.getByRole('button', { name: 'Send counter offer' }).click();
    await page.getByText('Counter offer sent to Robin Rate.').waitFor();
    await robin.getByText('Counter offer sent').waitFor();
    expect(await robin.textContent()).toContain('We can meet you partway.');
    expect(await tablesOverflowing(page)).toBe(0);

    // The therapist takes the counter: now an acceptance at the countered rates.
    await call(askerCookie, 'POST', `/api/therapist/referrals/${referral.id}/counter`, { accept: true });
    await robin.getByText('Accepted', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Confirm Robin Rate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Robin Rate?' });
    expect(await confirm.textContent()).toContain('$165');
    await confirm.getByRole('button', { name: 'Confirm match' }).click();
    await page.getByText(/^Robin Rate is matched\./).waitFor();
    const matched = page.getByRole('region', { name: 'Matched therapist' });
    await matched.getByText('Robin Rate', { exact: true }).waitFor();
    expect(await matched.getByRole('table').textContent()).toContain('$165');
    expect(await page.getByRole('button', { name: /^Confirm / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit referral' }).count()).toBe(0);
    await responseCard(page, 'Alex Accept').getByText('Not selected').waitFor();

    // Patient details need a session verified with a second factor.
    const patientPanel = page.getByRole('region', { name: 'Patient details' });
    await patientPanel.getByText('Patient details need two-step verification.').waitFor();
    // The way to Security keeps this page, to come back to once a factor is set up.
    const setUp = new URL((await patientPanel.getByRole('link', { name: 'Set up two-step verification' }).getAttribute('href'))!, 'http://x');
    expect(setUp.pathname).toBe('/dashboard/security');
    expect(setUp.searchParams.get('next')).toBe(new URL(page.url()).pathname);

    await elevateSession(db(), agencyCookie);
    await page.reload();
    await patientPanel.getByRole('heading', { name: 'Add patient details' }).waitFor();
    await patientPanel.getByRole('button', { name: 'Save patient details' }).click();
    await patientPanel.getByText(patientMessages.firstName, { exact: true }).waitFor();
    await patientPanel.getByText(patientMessages.icd10, { exact: true }).waitFor();
    expect(await field(page, 'First name').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'First name').fill('Margaret');
    await field(page, 'Last name').fill('Okafor');
    await field(page, 'Date of birth').fill('1948-03-14');
    await field(page, 'Phone').fill('214-555-0142');
    await field(page, 'Street address').fill('1200 Elm St');
    await field(page, 'City').fill('Dallas');
    await field(page, 'State').selectOption('TX');
    await field(page, 'ZIP code').fill(DALLAS);
    await field(page, 'Emergency contact name').fill('Daniel Okafor');
    await field(page, 'Emergency contact phone').fill('(214) 555-0177');
    await field(page, 'ICD-10 code').fill('z96.651');
    await field(page, 'Primary diagnosis').fill('Presence of right artificial knee joint');
    await field(page, 'Referring physician').fill('Dr. Lena Ortiz');
    await field(page, 'Payer').fill('Medicare Part A');
    await patientPanel.getByRole('button', { name: 'Save patient details' }).click();
    await patientPanel.getByText('Patient details saved.').waitFor();
    await patientPanel.getByText('March 14, 1948').waitFor();
    expect(await patientPanel.textContent()).toContain('Z96.651');
    expect(await patientPanel.textContent()).toContain('(214) 555-0142');

    await patientPanel.getByRole('button', { name: 'Edit patient details' }).click();
    expect(await field(page, 'Payer').inputValue()).toBe('Medicare Part A');
    await field(page, 'Payer').fill('Aetna Medicare Advantage');
    await patientPanel.getByRole('button', { name: 'Save patient details' }).click();
    await patientPanel.getByText('Aetna Medicare Advantage').waitFor();

    // The patient's name stays out of the title and the address bar.
    expect(await page.title()).toBe('PT referral | CareRelay');
    expect(page.url()).not.toMatch(/Okafor|Margaret/i);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('confirming a therapist after another was matched says so and shows the match', async () => {
    const agency = await buildAgency(db(), { zip: HOUSTON });
    const first = await buildTherapist(db(), { zip: HOUSTON, firstName: 'Jordan', lastName: 'First' });
    const second = await buildTherapist(db(), { zip: HOUSTON, firstName: 'Sam', lastName: 'Second' });
    const agencyCookie = await signIn(e2e.app.url, agency);
    const referral = await postReferral(agencyCookie, HOUSTON);
    await call(await signIn(e2e.app.url, first), 'POST', `/api/therapist/referrals/${referral.id}/response`, { kind: 'accept' });
    await call(await signIn(e2e.app.url, second), 'POST', `/api/therapist/referrals/${referral.id}/response`, { kind: 'accept' });

    const page = await e2e.pageWithCookie(agencyCookie);
    await openReferral(page, referral.id);
    await page.getByRole('button', { name: 'Confirm Sam Second' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Sam Second?' });
    await dialog.waitFor();

    // Meanwhile, in another tab, Jordan is confirmed.
    const current = await call<AgencyReferral>(agencyCookie, 'GET', `/api/referrals/${referral.id}`);
    const jordan = current.responses.find((response) => response.therapist.lastName === 'First');
    await call(agencyCookie, 'POST', `/api/referrals/${referral.id}/responses/${jordan?.id}/confirm`);

    await dialog.getByRole('button', { name: 'Confirm match' }).click();
    await page.getByRole('alert').getByText('This referral has already been filled or closed.').waitFor();
    expect(await dialog.count()).toBe(0);
    await page.getByRole('region', { name: 'Matched therapist' }).getByText('Jordan First', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Confirm / }).count()).toBe(0);
  });

  it('an agency cancels a posted referral with a reason, and finds it among the closed ones', async () => {
    const agency = await buildAgency(db(), { zip: SAN_ANTONIO });
    const agencyCookie = await signIn(e2e.app.url, agency);
    const referral = await postReferral(agencyCookie, SAN_ANTONIO);

    const page = await e2e.pageWithCookie(agencyCookie);
    await openReferral(page, referral.id);
    await page.getByRole('button', { name: 'Cancel referral' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this referral?' });
    await dialog.getByRole('button', { name: 'Cancel referral' }).click();
    await dialog.getByText(referralMessages.cancelReason, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keeping it closes the dialog and changes nothing.
    await dialog.getByRole('button', { name: 'Keep referral' }).click();
    expect(await dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel referral' }).click();
    await dialog.getByLabel('Reason for cancelling').fill('The patient chose another provider.');
    await dialog.getByRole('button', { name: 'Cancel referral' }).click();
    await page.getByText('Referral cancelled.').waitFor();
    await page.locator('[data-status="cancelled"]').first().waitFor();
    expect(await page.getByText('Cancelled: The patient chose another provider.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Cancel referral' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit referral' }).count()).toBe(0);

    await page.goto('/dashboard/agency/referrals?status=closed');
    await page.getByRole('link', { name: `PT referral · San Antonio, TX ${SAN_ANTONIO}` }).waitFor();
    await page.goto('/dashboard/agency/referrals?status=open');
    await page.getByText('No posted referrals are waiting for a match.').waitFor();
  });
});

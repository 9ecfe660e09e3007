import { readFile } from 'node:fs/promises';
import type { Bundle, DocumentReference } from '@medplum/fhirtypes';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteContent, VisitNotesView } from '../src/domain/documentation';
import { seriousAxeViolations } from '../test/axe';
import { type E2e, PHONE_AND_DESKTOP, startE2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { fhirIssues } from '../test/fhir-validation';
import { callApi, ok } from '../test/http';
import { pdfText } from '../test/pdf-text';
import { session } from '../test/people';
import { buildReferral } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

/**
 * Records for the agency's EHR (issue 15): at aal2 the agency goes from its navigation to the
 * referral, on to the visit, downloads the signed note's PDF (which parses and holds the note), then
 * back on the referral downloads the FHIR bundle (a valid R4 Bundle holding the note's
 * DocumentReference). On a phone and on a desktop.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

const evaluation: NoteContent = {
  serviceId: 'evaluation',
  history: 'Right TKA three weeks ago; lives alone upstairs.',
  objectiveMeasures: 'Knee flexion 85 degrees; TUG 18 s.',
  assessment: 'Impaired gait after knee replacement.',
  goals: ['Walk 150 ft without device'],
  plan: 'Gait training and home exercise program.',
  frequency: '2w4',
};

/** An in-progress referral with a completed evaluation whose note the therapist (Jamie Rivera) signed over the API. */
async function signedReferral() {
  const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
  const therapistPerson = await buildTherapist(db(), { firstName: 'Jamie', lastName: 'Rivera' });
  const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapistPerson.userId });
  const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapistPerson.userId, referralId: referral.id });
  const therapist = await session(e2e.app, therapistPerson);
  const call = (method: string, url: string, body: unknown) => callApi(e2e.app.url, method, `/api${url}`, { cookie: therapist.cookie, ip: therapist.ip, body });
  await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, { content: evaluation }));
  const signed = await ok<VisitNotesView>(await call('POST', `/visits/${visit.id}/notes/sign`, { signedName: 'Jamie Rivera' }));
  return { agency, referral, visit, note: signed.notes[0]! };
}

/**
 * Once `link` shows, checks the page with axe and, on a phone, the 44 px targets of its section
 * (`within`); then clicks it and returns the file the browser saved.
 */
async function downloadFrom(page: Page, link: Locator, within: string): Promise<{ download: Download; bytes: Buffer }> {
  await link.waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  if ((page.viewportSize()?.width ?? 0) < 1024) expect(await smallTapTargets(page, { within })).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { download, bytes: await readFile(await download.path()) };
}

/** The place in the app's navigation (the sidebar on a desktop, the tab bar on a phone). */
const place = (page: Page, label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).locator('visible=true');

/** From the referrals list to the one in-progress referral: it is under Matched (the list opens on Open). */
async function openReferral(page: Page) {
  await page.getByRole('navigation', { name: 'Filter referrals by status' }).getByRole('link', { name: 'Matched' }).click();
  await page.getByRole('main').getByRole('link', { name: /^PT referral · Austin, TX/ }).click();
}

describe.each(PHONE_AND_DESKTOP)('on a $name', ({ viewport }) => {
  it('the agency downloads the signed note’s PDF from the visit and the referral’s FHIR bundle', async () => {
    const { agency, referral, visit, note } = await signedReferral();
    const page = await e2e.signedInPage(agency, { viewport, aal: 'aal2' });
    await page.goto('/dashboard/agency');

    // From the navigation to the referral, then to its visit.
    await place(page, 'Referrals').click();
    await openReferral(page);
    await page.waitForURL(`**/dashboard/agency/referrals/${referral.id}`);
    const visits = page.getByRole('region', { name: 'Visits' });
    await visits.getByRole('list', { name: 'Scheduled visits' }).getByRole('link', { name: /Initial Evaluation/ }).click();
    await page.waitForURL(`**/dashboard/agency/visits/${visit.id}`);

    // The signed version's PDF: it parses and holds what the therapist wrote and signed.
    const notes = page.getByRole('region', { name: 'Visit notes' });
    const pdfLink = notes.getByRole('link', { name: 'Download PDF of version 1' });
    const pdf = await downloadFrom(page, pdfLink, `section[aria-labelledby="notes-title-${visit.id}"]`);
    expect(pdf.download.suggestedFilename()).toMatch(/^note-R-\d+-v1\.pdf$/);
    const { text } = await pdfText(new Uint8Array(pdf.bytes));
    for (const expected of [evaluation.history, evaluation.assessment, evaluation.plan, 'Signed by: Jamie Rivera']) expect(text).toContain(expected);

    // Back to the referral through the navigation; its records as one FHIR bundle.
    await place(page, 'Referrals').click();
    await openReferral(page);
    const records = page.getByRole('region', { name: 'Records for your EHR' });
    const fhirLink = records.getByRole('link', { name: 'Download FHIR bundle' });
    const fhir = await downloadFrom(page, fhirLink, `section[aria-labelledby="export-title-${referral.id}"]`);
    const bundle = JSON.parse(fhir.bytes.toString('utf8')) as Bundle;
    expect(bundle.resourceType).toBe('Bundle');
    const documents = (bundle.entry ?? []).map((entry) => entry.resource).filter((resource): resource is DocumentReference => resource?.resourceType === 'DocumentReference');
    expect(documents).toHaveLength(1);
    expect(JSON.stringify(documents[0])).toContain(note.id);
    expect(fhirIssues(bundle)).toEqual([]);
  });
});

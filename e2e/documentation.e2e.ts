import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { canonicalJson, type NoteContent } from '../src/domain/documentation';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { sessionCookie } from '../test/people';
import { buildVisit } from '../test/visit-fixtures';

/**
 * Visit documentation in the browser, both sides: the therapist (on a phone) writes the evaluation
 * note, saves a draft that survives a reload, attaches a PDF (a text file is refused; a wrong file
 * is removed again; the agency does not see the file until the note is signed), signs with their
 * typed name (a wrong name is refused); the agency returns it with a message; the therapist
 * revises it into a new version — the signed first version stays viewable and unchanged — and signs
 * again; the agency approves; the payout and the invoice line appear at the visit's agreed rate.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 390, height: 844 };
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const sha256 = (content: NoteContent) => createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
/** What the page shows of a signed note's hash: its first eight hex digits, as XXXX-XXXX. */
const signatureCode = (content: NoteContent) => `${sha256(content).slice(0, 4)}-${sha256(content).slice(4, 8)}`.toUpperCase();

type EvaluationNote = Extract<NoteContent, { serviceId: 'evaluation' }>;

const firstNote: EvaluationNote = {
  serviceId: 'evaluation',
  history: 'Right total knee replacement on 1 November; lives alone in a two-storey house.',
  objectiveMeasures: 'Knee flexion 85°, extension −5°. TUG 18 s with a rolling walker.',
  assessment: 'Below prior level of function; good rehabilitation potential.',
  goals: ['Climb 12 stairs with one rail within 4 weeks'],
  plan: 'Gait training, stair practice, home exercise programme.',
  frequency: '2w4',
};
// The agency asks for a second goal; the therapist adds it and nothing else.
const revisedNote: EvaluationNote = { ...firstNote, goals: [...firstNote.goals, 'Knee flexion to 110° within 4 weeks'] };

// The smallest well-formed PDF the server accepts (it checks the whole file, not the extension).
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function fillEvaluation(page: Page, note: EvaluationNote) {
  await field(page, 'History').fill(note.history);
  await field(page, 'Objective measures').fill(note.objectiveMeasures);
  await field(page, 'Assessment').fill(note.assessment);
  await field(page, 'Goal 1').fill(note.goals[0] ?? '');
  await field(page, 'Plan').fill(note.plan);
  await field(page, 'Frequency').fill(note.frequency);
}

it('the therapist writes, attaches and signs; the agency returns; the therapist revises and re-signs; the agency approves and the visit is paid at its rate', async () => {
  const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
  const therapist = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor' });
  const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, serviceId: 'evaluation', rate: 165 });
  const therapistCookie = await sessionCookie(e2e.app, therapist);
  const agencyCookie = await sessionCookie(e2e.app, agency);
  const page = await e2e.pageWithCookie(therapistCookie, { viewport: PHONE });
  const agencyPage = await e2e.pageWithCookie(agencyCookie);
  const notes = page.getByRole('region', { name: 'Visit notes' });
  const agencyNotes = agencyPage.getByRole('region', { name: 'Visit notes' });

  // The therapist writes the note of the completed evaluation and saves a draft.
  await page.goto(`/dashboard/therapist/visits/${visit.id}`);
  await page.getByRole('heading', { level: 1, name: /Initial Evaluation/ }).waitFor();
  await notes.getByRole('form', { name: 'Initial Evaluation note' }).waitFor();
  expect(await notes.getByRole('form', { name: 'Sign the note' }).count()).toBe(0);
  await notes.getByText('Save the draft, then sign it here.').waitFor();
  await field(page, 'History').fill(firstNote.history);
  await notes.getByRole('button', { name: 'Save draft' }).click();
  await notes.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();

  // An incomplete note cannot be signed: the form says what is missing.
  const sign = notes.getByRole('form', { name: 'Sign the note' });
  await sign.getByLabel('Type your full name to sign').fill('Robin Okafor');
  await sign.getByRole('button', { name: 'Sign note' }).click();
  const incomplete = sign.getByRole('alert').filter({ hasText: 'Complete the note before signing it.' });
  await incomplete.waitFor();
  expect(await incomplete.textContent()).toContain('Assessment is required to sign.');
  expect(await incomplete.textContent()).toContain('Add at least one goal to sign.');

  await fillEvaluation(page, firstNote);
  await notes.getByRole('button', { name: 'Save draft' }).click();
  await notes.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();

  // The draft is kept: after a reload every field reads back as written.
  await page.reload();
  await notes.getByRole('form', { name: 'Initial Evaluation note' }).waitFor();
  expect(await field(page, 'History').inputValue()).toBe(firstNote.history);
  expect(await field(page, 'Objective measures').inputValue()).toBe(firstNote.objectiveMeasures);
  expect(await field(page, 'Goal 1').inputValue()).toBe(firstNote.goals[0]);
  expect(await field(page, 'Frequency').inputValue()).toBe('2w4');
  await notes.getByText(/^Draft saved \d{1,2}:\d{2}/).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A text file is refused with the reason; the PDF is attached and listed.
  const fileInput = notes.getByLabel(/^Attach a file/);
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a PDF') });
  await notes.getByRole('alert').filter({ hasText: 'Attach a PDF, PNG or JPEG file.' }).waitFor();
  expect(await notes.getByText('notes.txt').count()).toBe(0);
  await fileInput.setInputFiles({ name: 'home-safety-assessment.pdf', mimeType: 'application/pdf', buffer: PDF });
  await notes.getByText('home-safety-assessment.pdf').waitFor();
  expect(await notes.getByRole('alert').count()).toBe(0);
  await notes.getByText('Shared with the agency when you sign').waitFor();
  // A wrong file (another patient's) attached to the draft is removed with the keyboard, confirmed.
  await fileInput.setInputFiles({ name: 'other-patient.pdf', mimeType: 'application/pdf', buffer: PDF });
  const wrongFile = notes.getByRole('listitem').filter({ hasText: 'other-patient.pdf' });
  await notes.getByRole('button', { name: 'Remove other-patient.pdf' }).focus();
  await page.keyboard.press('Enter');
  await notes.getByRole('group', { name: 'Remove other-patient.pdf?' }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Remove file');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await notes.getByRole('status').filter({ hasText: 'other-patient.pdf was removed.' }).waitFor();
  // Its row is gone, and with it the focused button: the keyboard carries on from the panel's heading.
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Attachments');
  expect(await wrongFile.count()).toBe(0);
  expect(await notes.getByRole('listitem').filter({ hasText: 'home-safety-assessment.pdf' }).count()).toBe(1);
  // Until the therapist signs, the agency sees neither the draft nor the file. Its page stays open
  // (listening for notifications) to see the file arrive with the signature.
  const agencyListening = Promise.all(
    ['/api/notifications', '/api/notifications/stream'].map((pathname) => agencyPage.waitForResponse((response) => new URL(response.url()).pathname === pathname)),
  );
  await agencyPage.goto(`/dashboard/agency/visits/${visit.id}`);
  await agencyNotes.getByText('No files shared yet. Attachments appear here when the therapist signs the notes.').waitFor();
  expect(await agencyNotes.getByText('home-safety-assessment.pdf').count()).toBe(0);
  await agencyListening;

  // Signing with someone else's name is refused, naming the field; the own name signs.
  await sign.getByLabel('Type your full name to sign').fill('Robin Smith');
  await sign.getByRole('button', { name: 'Sign note' }).click();
  await sign.getByText('Type your full name as it appears on your profile to sign.').waitFor();
  await sign.getByLabel('Type your full name to sign').fill('  Robin   Okafor ');
  await sign.getByRole('button', { name: 'Sign note' }).click();
  await notes.getByRole('status').filter({ hasText: 'Note signed. The agency has been notified.' }).waitFor();
  const version1 = notes.getByRole('article', { name: 'Version 1' });
  await version1.getByText('Signed, awaiting review').waitFor();
  const signature = await version1.getByText(/^Signed by Robin Okafor on /).textContent();
  expect(signature).toContain(`Signature code ${signatureCode(firstNote)}`);
  expect(await notes.getByRole('form', { name: 'Initial Evaluation note' }).count()).toBe(0);
  expect(await notes.getByLabel(/^Attach a file/).count()).toBe(0);
  await notes.getByText('Shared with the agency when you sign').waitFor({ state: 'detached' });
  await notes.getByText('home-safety-assessment.pdf').waitFor();
  await page.getByText('Documented', { exact: true }).waitFor();
  // The agency's open page shows the signed file without a reload, and never the removed one.
  await agencyNotes.getByText('home-safety-assessment.pdf').waitFor();
  expect(await agencyNotes.getByText('other-patient.pdf').count()).toBe(0);
  // Nothing on the phone-sized page scrolls sideways (the 64-character hash wraps).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The agency sees the signed note and the file, and returns it with a message.
  await agencyPage.goto(`/dashboard/agency/visits/${visit.id}`);
  const agencyVersion1 = agencyNotes.getByRole('article', { name: 'Version 1' });
  await agencyVersion1.getByText(firstNote.history).waitFor();
  expect(await agencyVersion1.textContent()).toContain(signatureCode(firstNote));
  await agencyNotes.getByText('home-safety-assessment.pdf').waitFor();
  const [download] = await Promise.all([agencyPage.waitForEvent('download'), agencyNotes.getByRole('link', { name: /^Download(?! PDF)/ }).click()]);
  expect(download.suggestedFilename()).toBe('home-safety-assessment.pdf');
  expect(Buffer.compare(await readFile((await download.path())!), PDF)).toBe(0);
  expect(await seriousAxeViolations(agencyPage)).toEqual([]);
  // An empty message is refused.
  await agencyNotes.getByRole('button', { name: 'Return with message' }).click();
  const returnForm = agencyNotes.getByRole('form', { name: 'Return the note' });
  await returnForm.getByRole('button', { name: 'Return to therapist' }).click();
  await returnForm.getByText('Say what the therapist should change.').waitFor();
  await returnForm.getByRole('button', { name: 'Cancel' }).click();
  // By keyboard: the message box takes the focus when it opens, fresh.
  await agencyNotes.getByRole('button', { name: 'Return with message' }).focus();
  await agencyPage.keyboard.press('Enter');
  expect(await returnForm.getByText('Say what the therapist should change.').count()).toBe(0);
  await agencyPage.keyboard.type('Please add a range-of-motion goal.');
  await agencyPage.keyboard.press('Tab');
  await agencyPage.keyboard.press('Tab');
  await agencyPage.keyboard.press('Enter');
  await agencyNotes.getByRole('status').filter({ hasText: 'Notes returned to the therapist.' }).waitFor();
  await agencyVersion1.getByText('Returned for changes').waitFor();
  expect(await agencyNotes.getByRole('button', { name: 'Approve' }).count()).toBe(0);

  // The therapist sees the message and revises: a second version starts from the first's content.
  await page.reload();
  await notes.getByRole('note').filter({ hasText: 'Please add a range-of-motion goal.' }).waitFor();
  expect(await field(page, 'History').inputValue()).toBe(firstNote.history);
  await notes.getByRole('button', { name: 'Add goal' }).click();
  await field(page, 'Goal 2').fill('Knee flexion to 100° within 4 weeks');
  await notes.getByRole('button', { name: 'Save draft' }).click();
  await notes.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  // Signing signs the saved draft: with a change not saved yet, it asks for a save first.
  await field(page, 'Goal 2').fill(revisedNote.goals[1] ?? '');
  const resign = notes.getByRole('form', { name: 'Sign the note' });
  await resign.getByLabel('Type your full name to sign').fill('Robin Okafor');
  await resign.getByRole('button', { name: 'Sign note' }).click();
  await resign.getByRole('alert').filter({ hasText: 'Save the draft first' }).waitFor();
  await notes.getByRole('button', { name: 'Save draft' }).click();
  await notes.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  await resign.getByRole('alert').waitFor({ state: 'detached' });
  // The agency's message stays in sight while the revision is a draft; the agency does not see the draft.
  expect(await notes.getByRole('note').textContent()).toContain('Please add a range-of-motion goal.');
  await agencyPage.reload();
  await agencyVersion1.getByText('Returned for changes').waitFor();
  expect(await agencyNotes.getByRole('article', { name: 'Version 2' }).count()).toBe(0);
  expect(await agencyNotes.textContent()).not.toContain(revisedNote.goals[1]);

  // The signed first version is still there, unchanged, in the history.
  await notes.getByText('Version history').click();
  await version1.getByText('Returned for changes').waitFor();
  expect(await version1.textContent()).toContain(signatureCode(firstNote));
  expect(await version1.textContent()).not.toContain(revisedNote.goals[1]);

  await resign.getByLabel('Type your full name to sign').fill('Robin Okafor');
  await resign.getByRole('button', { name: 'Sign note' }).click();
  await notes.getByRole('status').filter({ hasText: 'Note signed. The agency has been notified.' }).waitFor();
  const version2 = notes.getByRole('article', { name: 'Version 2' });
  expect(await version2.getByText(/^Signed by Robin Okafor on /).textContent()).toContain(signatureCode(revisedNote));
  expect(sha256(revisedNote)).not.toBe(sha256(firstNote));

  // The agency approves the second version; the visit becomes payable.
  await agencyPage.reload();
  await agencyNotes.getByRole('article', { name: 'Version 2' }).getByText('Signed, awaiting review').waitFor();
  await agencyNotes.getByRole('button', { name: 'Approve' }).click();
  await agencyNotes.getByRole('status').filter({ hasText: 'Notes approved. The visit is now payable.' }).waitFor();
  await agencyNotes.getByRole('article', { name: 'Version 2' }).getByText('Approved', { exact: true }).waitFor();
  expect(await agencyNotes.getByRole('button', { name: 'Approve' }).count()).toBe(0);

  // The therapist is owed the agreed rate; the agency's invoice has the line.
  await page.goto('/dashboard/therapist/payments');
  // On the phone the payouts are cards, one list item each.
  const payouts = page.getByRole('list', { name: 'Payouts' });
  await payouts.getByRole('listitem').filter({ hasText: 'Bluebird Home Care' }).getByText('$165.00').waitFor();
  expect(await payouts.getByRole('listitem').filter({ hasText: 'Bluebird Home Care' }).getByText('pending').count()).toBe(1);
  await page.getByText('Pending payments').locator('..').getByText('$165.00').waitFor();

  await agencyPage.goto('/dashboard/agency/invoices');
  const lines = agencyPage.getByRole('table', { name: 'Invoice lines' });
  await lines.getByRole('row').filter({ hasText: 'Robin Okafor' }).getByText('$165.00').waitFor();
  await agencyPage.getByText('Outstanding').locator('..').getByText('$165.00').waitFor();
});

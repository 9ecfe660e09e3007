import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitNotesView } from '../src/domain/documentation';
import { visitNotes } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { assistantNote, buildAssistantVisit } from '../test/co-signature-fixtures';
import { type E2e, PHONE_AND_DESKTOP, startE2e } from '../test/e2e';
import { callApi, ok } from '../test/http';
import { pdfText } from '../test/pdf-text';
import { session } from '../test/people';
import { smallTapTargets } from '../test/tap-targets';

/**
 * An assistant's note co-signed by the supervising PT (issue 15): the agency requires co-signature
 * under Schedule → Care rules; the PTA's note, signed six days ago, is then due soon on both
 * dashboards and on the referral's care clocks; the PT follows their dashboard to the Schedule's care
 * deadlines and on to the visit, where an empty name is refused on the field and their typed name
 * co-signs it. Both then see the co-signature, the deadline is gone, and the PDF the agency downloads
 * holds it. On a phone and on a desktop.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const DAY = 86_400_000;
const ITEM = 'Co-signature of an assistant’s note';

const attention = (page: Page) => page.getByRole('region', { name: 'Needs your attention' });
const clocks = (page: Page) => page.getByRole('region', { name: 'Care clocks' });
const deadlines = (page: Page) => page.getByRole('region', { name: 'Care deadlines' });
/** The place in the app's navigation (the sidebar on a desktop, the tab bar on a phone). */
const place = (page: Page, label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).locator('visible=true');
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** Axe finds nothing serious, and on a phone every link and button in `within` is at least 44 px. */
async function checkPage(page: Page, within: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (isPhone(page)) expect(await smallTapTargets(page, { within })).toEqual([]);
}

async function openDashboard(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe.each(PHONE_AND_DESKTOP)('on a $name', ({ viewport }) => {
  it('the agency requires co-signature; the PTA’s note awaits it on both sides; the supervising PT co-signs it from their navigation; the agency’s PDF holds it', async () => {
    const built = await buildAssistantVisit(db(), { agency: { companyName: 'Bluebird Home Care' } });
    // The PTA wrote and signed the note over the API, six days ago: due within seven, so due soon.
    const pta = await session(e2e.app, built.pta);
    const asPta = (method: string, url: string, body: unknown) => callApi(e2e.app.url, method, `/api${url}`, { cookie: pta.cookie, ip: pta.ip, body });
    await ok(await asPta('PUT', `/visits/${built.visit.id}/notes/draft`, { content: assistantNote }));
    await ok<VisitNotesView>(await asPta('POST', `/visits/${built.visit.id}/notes/sign`, { signedName: 'Alex Kim' }));
    await db().update(visitNotes).set({ signedAt: new Date(Date.now() - 6 * DAY) }).where(eq(visitNotes.visitId, built.visit.id));

    // The agency turns the rule on under Schedule → Care rules.
    const agency = await e2e.signedInPage(built.agency, { viewport, aal: 'aal2' });
    await openDashboard(agency, '/dashboard/agency');
    await place(agency, 'Schedule').click();
    const rule = agency.getByRole('region', { name: 'Care rules' }).getByRole('switch', { name: 'Require the supervising therapist’s co-signature of assistant notes' });
    await expect.poll(() => rule.isEnabled()).toBe(true);
    // Switched on as soon as the server has saved it (the box shows the saved rule).
    await rule.click();
    await expect.poll(() => rule.isChecked()).toBe(true);
    await agency.reload();
    await expect.poll(() => rule.isChecked()).toBe(true);

    // Its dashboard counts the note awaiting co-signature and leads to the referral's care clocks.
    await openDashboard(agency, '/dashboard/agency');
    await attention(agency).getByRole('link', { name: '1 care deadline due soon' }).click();
    await agency.waitForURL((url) => url.pathname === `/dashboard/agency/referrals/${built.referral.id}` && url.hash === '#care-clocks');
    const item = clocks(agency).getByRole('listitem').filter({ hasText: ITEM });
    await item.getByText('Due soon', { exact: true }).waitFor();
    await item.getByText(/^Due by .* · by the PT$/).waitFor();
    await checkPage(agency, '#care-clocks');

    // The supervising PT: the dashboard's line leads to the Schedule's care deadlines (they have no page for the referral), then to the visit.
    const pt = await e2e.signedInPage(built.pt, { viewport, aal: 'aal2' });
    await openDashboard(pt, '/dashboard/therapist');
    await attention(pt).getByRole('link', { name: '1 care deadline due soon' }).click();
    await pt.waitForURL((url) => url.pathname === '/dashboard/therapist/schedule' && url.hash === '#care-deadlines');
    const deadline = deadlines(pt).getByRole('listitem').filter({ hasText: ITEM });
    await deadline.getByText('Due soon', { exact: true }).waitFor();
    await checkPage(pt, '#care-deadlines');
    await deadline.getByRole('link', { name: 'Open the note awaiting co-signature' }).click();
    await pt.waitForURL(`**/dashboard/therapist/visits/${built.visit.id}`);

    // An empty name is refused on the field; their typed name co-signs.
    const form = pt.getByRole('form', { name: 'Co-sign version 1' });
    const name = form.getByLabel('Type your full name to co-sign');
    await form.getByRole('button', { name: 'Co-sign', exact: true }).click();
    await form.getByText('Type your full name to sign.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await checkPage(pt, 'main');
    await name.fill('Pat Morgan');
    await form.getByRole('button', { name: 'Co-sign', exact: true }).click();
    await pt.getByText('Note co-signed.').waitFor();
    await pt.getByText(/^Co-signed by the supervising therapist Pat Morgan on .+ · Co-signature code [0-9A-F]{4}-[0-9A-F]{4}$/).waitFor();
    expect(await pt.getByRole('form', { name: 'Co-sign version 1' }).count()).toBe(0);

    // The agency: the care clock item is gone, and so is the dashboard's line.
    await agency.reload();
    await clocks(agency).getByRole('heading', { name: 'Care clocks' }).waitFor();
    await expect.poll(() => clocks(agency).getByText(ITEM).count()).toBe(0);
    await openDashboard(agency, '/dashboard/agency');
    await attention(agency).getByRole('heading').first().waitFor();
    await expect.poll(() => attention(agency).getByRole('link', { name: '1 care deadline due soon' }).count()).toBe(0);

    // On the visit (from the referral's visits) the agency reads the co-signature and downloads the note's PDF, which holds it.
    await place(agency, 'Referrals').click();
    await agency.getByRole('navigation', { name: 'Filter referrals by status' }).getByRole('link', { name: 'Matched' }).click();
    await agency.getByRole('main').getByRole('link', { name: /^PT referral · / }).click();
    await agency.getByRole('region', { name: 'Visits' }).getByRole('list', { name: 'Scheduled visits' }).getByRole('link', { name: /Treatment Session/ }).click();
    await agency.waitForURL(`**/dashboard/agency/visits/${built.visit.id}`);
    const notes = agency.getByRole('region', { name: 'Visit notes' });
    await notes.getByText(/^Co-signed by the supervising therapist Pat Morgan on /).waitFor();
    const pdfLink = notes.getByRole('link', { name: 'Download PDF of version 1' });
    await pdfLink.waitFor();
    await checkPage(agency, `section[aria-labelledby="notes-title-${built.visit.id}"]`);
    const [download] = await Promise.all([agency.waitForEvent('download'), pdfLink.click()]);
    const { text } = await pdfText(new Uint8Array(await readFile(await download.path())));
    expect(text).toContain('Signed by: Alex Kim');
    expect(text).toMatch(/Co-signed by the supervising therapist: Pat Morgan at \w{3} \d+, \d{4}/);
    expect(text).toMatch(/Co-signature code: [0-9A-F]{4}-[0-9A-F]{4}/);
  });
});

import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralMessages, type AgencyReferral } from '../src/domain/referrals';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist, signIn } from '../test/factories';
import { callApi, ok } from '../test/http';
import { createReferral } from '../test/referrals';

/**
 * The therapist's side of the referral marketplace and the managers' eligibility page.
 * Agencies act through the API, as their own pages are not the subject here.
 */

let e2e: E2e;
beforeAll(async () => {
  // No LEAFLET_TILE_URL: the map must work without a tile server.
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 375, height: 800 };
const TITLE = 'PT referral in Austin, TX 78704';


const apiAs = async <T>(cookie: string, method: string, path: string, body?: unknown) => ok<T>(await callApi(e2e.app.url, method, path, { cookie, body }));

/** An approved agency, signed in over the API. */
async function agency() {
  const person = await buildAgency(db(), { companyName: `Sunrise Home Health ${randomUUID().slice(0, 4)}` });
  return { ...person, cookie: await signIn(e2e.app.url, person) };
}

/** Posts the brief's PT referral (evaluation ×1 at $150, treatment ×8 at $100) in 78704. */
function postReferral(agencyCookie: string) {
  return createReferral(e2e.app.url, agencyCookie, { clinicalSummary: 'Post-op knee replacement, needs gait training' });
}

async function responseOf(agencyCookie: string, referralId: string, therapistId: string) {
  const referral = await apiAs<AgencyReferral>(agencyCookie, 'GET', `/api/referrals/${referralId}`);
  const response = referral.responses.find((item) => item.therapist.therapistId === therapistId);
  if (!response) throw new Error('no response from that therapist');
  return response;
}

async function openList(page: Page, query = '') {
  await page.goto(`/dashboard/therapist/referrals${query}`);
  await page.getByRole('heading', { name: 'Referrals near me', level: 1 }).waitFor();
}

async function openReferral(page: Page, id: string) {
  await page.goto(`/dashboard/therapist/referrals/${id}`);
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('referrals near me', () => {
  it('a therapist sees a newly posted referral appear on the list and the map without reloading, with no tile server configured', async () => {
    const therapist = await buildTherapist(db(), { rates: { evaluation: 160, treatment: 95 } });
    const { cookie } = await agency();
    const page = await e2e.signedInPage(therapist);
    // The Content-Security-Policy allows no inline styles or scripts; Leaflet must live with that.
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
    await openList(page);
    await page.getByText('No open referrals near you right now').waitFor();
    await streaming;
    expect(await seriousAxeViolations(page)).toEqual([]);

    const referral = await postReferral(cookie);
    const card = page.getByRole('article', { name: TITLE });
    await card.waitFor();
    await page.getByRole('heading', { name: '1 open referral', level: 2 }).waitFor();

    // Services with visit counts, the offer beside the therapist's own rate.
    const evaluation = card.getByRole('row', { name: /Initial Evaluation/ });
    expect(await evaluation.getByRole('cell').allTextContents()).toEqual(['1', '$150$10 less than your rate', '$160']);
    const treatment = card.getByRole('row', { name: /Treatment Session/ });
    expect(await treatment.getByRole('cell').allTextContents()).toEqual(['8', '$100', '$95']);
    const text = await card.textContent();
    expect(text).toContain('1w1, 2w4');
    expect(text).toContain('once a week for 1 week, then twice a week for 4 weeks');
    expect(text).toContain('Within a few days');
    expect(text).toMatch(/\d+\.\d miles away/);
    expect(text).toContain('Offer open until');
    expect(text).toContain(`Posted by ${referral.agencyName}`);

    // The map draws one labeled marker over its own state boundaries, with no tile server (e2e/referral-map.e2e.ts shows more).
    const map = page.getByTestId('referral-map');
    await map.getByRole('button', { name: 'PT · Austin, TX', exact: true }).waitFor();
    expect(await map.locator('.leaflet-marker-pane .leaflet-marker-icon').count()).toBe(1);
    expect(await map.locator('.leaflet-tile').count()).toBe(0);
    // The map is no tab stop of its own; its marker is, and the list reaches it too.
    expect(await map.getAttribute('tabindex')).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `Show on map: ${TITLE}` }).click();
    const popup = map.locator('.leaflet-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(TITLE);
    await popup.getByRole('link', { name: 'View referral' }).click();
    await page.waitForURL(`**/dashboard/therapist/referrals/${referral.id}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(await page.getByText('Post-op knee replacement, needs gait training').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('opening the list with unread referral alerts reads each referral query once: the alerts the stream replays on connecting are not news', async () => {
    const therapist = await buildTherapist(db());
    const { cookie } = await agency();
    for (let n = 0; n < 3; n++) await postReferral(cookie);
    const page = await e2e.signedInPage(therapist);
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/therapist/referral')) reads.push(pathname);
    });
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
    await openList(page);
    await page.getByRole('heading', { name: '3 open referrals' }).waitFor();
    await streaming;
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).first().waitFor();
    // A new alert comes after the replay on the stream: once its referral shows, the replay has been heard.
    await postReferral(cookie);
    await page.getByRole('heading', { name: '4 open referrals' }).waitFor();
    expect(reads.sort()).toEqual([
      '/api/therapist/referral-standing',
      '/api/therapist/referral-standing',
      '/api/therapist/referrals',
      '/api/therapist/referrals',
    ]);
  });

  it('the rate request form explains what it needs, and a higher rate with a reason reaches the agency (on a phone)', async () => {
    const therapist = await buildTherapist(db());
    const { cookie } = await agency();
    const referral = await postReferral(cookie);
    const page = await e2e.signedInPage(therapist, { viewport: PHONE });
    await openList(page);
    await page.getByRole('article', { name: TITLE }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await openReferral(page, referral.id);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole('button', { name: 'Request a higher rate' }).click();
    const form = page.getByRole('form', { name: 'Request a higher rate' });
    await form.waitFor();
    // Prefilled with the offer; the first rate has the focus.
    expect(await form.getByLabel('Initial Evaluation').inputValue()).toBe('150');
    expect(await form.getByLabel('Treatment Session').inputValue()).toBe('100');
    expect(await form.getByLabel('Initial Evaluation').evaluate((element) => element === document.activeElement)).toBe(true);

    await form.getByRole('button', { name: 'Send rate request' }).click();
    await form.getByText(referralMessages.rateRequestHigher, { exact: true }).waitFor();
    await form.getByText(referralMessages.rateRequestReason, { exact: true }).waitFor();
    await form.getByLabel('Other', { exact: true }).check();
    await form.getByRole('button', { name: 'Send rate request' }).click();
    await form.getByText(referralMessages.rateRequestNote, { exact: true }).waitFor();
    expect(await form.getByText(referralMessages.rateRequestReason, { exact: true }).count()).toBe(0);
    await form.getByLabel('Initial Evaluation').fill('');
    await form.getByRole('button', { name: 'Send rate request' }).click();
    await form.getByText(referralMessages.rate, { exact: true }).waitFor();
    expect(await form.getByLabel('Initial Evaluation').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);

    await form.getByLabel('Initial Evaluation').fill('180');
    await form.getByLabel('Long distance').check();
    await form.getByLabel('Note for the agency').fill('About 45 minutes each way');
    await form.getByRole('button', { name: 'Send rate request' }).click();
    await status(page, 'Your rate request was sent to the agency.').waitFor();
    await page.getByText('You asked for a higher rate. The agency may confirm you').waitFor();
    expect(await page.getByRole('row', { name: /Initial Evaluation/ }).first().textContent()).toContain('$180');

    const response = await responseOf(cookie, referral.id, therapist.userId);
    expect(response).toMatchObject({
      status: 'rate_requested',
      requestedRates: { evaluation: 180, treatment: 100 },
      reason: 'long_distance',
      note: 'About 45 minutes each way',
    });
  });

  it('a therapist answers the agency’s counter offers: accepts one and declines another', async () => {
    const therapist = await buildTherapist(db());
    const therapistCookie = await signIn(e2e.app.url, therapist);
    const { cookie } = await agency();
    const page = await e2e.pageWithCookie(therapistCookie);

    for (const accept of [true, false]) {
      const referral = await postReferral(cookie);
      await apiAs(therapistCookie, 'POST', `/api/therapist/referrals/${referral.id}/response`, {
        kind: 'rate_request',
        rates: { evaluation: 190 },
        reason: 'complex_case',
        note: '',
      });
      const asked = await responseOf(cookie, referral.id, therapist.userId);
      await apiAs(cookie, 'POST', `/api/referrals/${referral.id}/responses/${asked.id}/counter`, { rates: { evaluation: 170 }, note: '' });

      await openReferral(page, referral.id);
      const counter = page.getByRole('table', { name: 'The agency’s counter offer' });
      await counter.waitFor();
      expect(await counter.getByRole('row', { name: /Initial Evaluation/ }).getByRole('cell').allTextContents()).toEqual([
        '$150',
        '$190 (higher than offered)',
        '$170 (higher than offered)',
      ]);
      expect(await counter.getByRole('row', { name: /Treatment Session/ }).getByRole('cell').allTextContents()).toEqual(['$100', '$100', '$100']);
      expect(await seriousAxeViolations(page)).toEqual([]);

      if (accept) {
        await page.getByRole('button', { name: 'Accept counter' }).click();
        await status(page, 'You accepted the counter offer.').waitFor();
        await page.getByText('You accepted the agency’s counter offer.').waitFor();
        expect(await responseOf(cookie, referral.id, therapist.userId)).toMatchObject({ status: 'accepted', requestedRates: { evaluation: 170, treatment: 100 } });
      } else {
        await page.getByRole('button', { name: 'Decline counter' }).click();
        await status(page, 'You declined the counter offer.').waitFor();
        await page.getByText('You declined this referral.').waitFor();
        expect((await responseOf(cookie, referral.id, therapist.userId)).status).toBe('declined');
      }
      expect(await page.getByRole('button', { name: 'Accept counter' }).count()).toBe(0);
    }
  });

  it('a therapist accepts and withdraws, then hides a referral and brings it back', async () => {
    const therapist = await buildTherapist(db());
    const { cookie } = await agency();
    const referral = await postReferral(cookie);
    const page = await e2e.signedInPage(therapist);
    await openReferral(page, referral.id);

    await page.getByRole('button', { name: 'Accept at offered rates' }).click();
    await status(page, 'You accepted this referral.').waitFor();
    await page.getByText('You accepted at the offered rates.').waitFor();
    // Focus moves on from the button that is gone, to the section it changed.
    expect(await page.getByRole('heading', { name: 'Your response' }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await responseOf(cookie, referral.id, therapist.userId)).status).toBe('accepted');

    await page.getByRole('button', { name: 'Withdraw my response' }).click();
    await status(page, 'Your response was withdrawn.').waitFor();
    await page.getByRole('button', { name: 'Accept at offered rates' }).waitFor();
    expect((await responseOf(cookie, referral.id, therapist.userId)).status).toBe('withdrawn');

    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await status(page, 'You declined this referral.').waitFor();
    await page.getByText('You declined this referral. Withdraw your response if you change your mind.').waitFor();

    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await status(page, 'Hidden. You can find it under Hidden.').waitFor();
    await page.getByRole('button', { name: 'Unhide' }).waitFor();

    await openList(page);
    await page.getByText('No open referrals near you right now').waitFor();
    await page.getByRole('navigation', { name: 'Referral lists' }).getByRole('link', { name: 'Hidden' }).click();
    await page.waitForURL(/view=hidden/);
    await page.getByRole('article', { name: TITLE }).getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Unhide' }).click();
    await status(page, 'The referral is back in your open list.').waitFor();

    await openList(page);
    await page.getByRole('article', { name: TITLE }).waitFor();
    expect(await page.getByRole('link', { name: 'Open', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('after the match: the matched therapist is told and finds it under My referrals; another sees it filled, even from a stale page', async () => {
    const chosen = await buildTherapist(db(), { firstName: 'Chosen' });
    const other = await buildTherapist(db(), { firstName: 'Other' });
    const chosenCookie = await signIn(e2e.app.url, chosen);
    const { cookie } = await agency();
    const referral = await postReferral(cookie);
    await apiAs(chosenCookie, 'POST', `/api/therapist/referrals/${referral.id}/response`, { kind: 'accept' });

    // The other therapist has the referral open, still offering "Accept", when the agency confirms.
    const stale = await e2e.signedInPage(other);
    await openReferral(stale, referral.id);
    const response = await responseOf(cookie, referral.id, chosen.userId);
    await apiAs(cookie, 'POST', `/api/referrals/${referral.id}/responses/${response.id}/confirm`, {});

    await stale.getByRole('button', { name: 'Accept at offered rates' }).click();
    const alert = stale.getByRole('alert').filter({ hasText: 'This referral has changed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('already been filled');
    await stale.getByRole('heading', { name: 'This referral was filled' }).waitFor();
    expect(await stale.getByRole('button', { name: 'Accept at offered rates' }).count()).toBe(0);

    const page = await e2e.pageWithCookie(chosenCookie);
    await openReferral(page, referral.id);
    await page.getByRole('heading', { name: 'You were matched' }).waitFor();
    const agreed = page.getByRole('table', { name: 'The rates agreed at the match' });
    expect(await agreed.getByRole('row', { name: /Initial Evaluation/ }).getByRole('cell').allTextContents()).toEqual(['$150', '$150']);
    expect(await page.getByRole('button', { name: 'Withdraw my response' }).count()).toBe(0);
    // Matched: the address is no longer promised for later.
    await page.getByText('ZIP code area; the patient’s address is with their details').waitFor();
    expect(await page.getByText('the address is shared after the match').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await openList(page, '?view=mine');
    await page.getByRole('heading', { name: '1 referral matched to you' }).waitFor();
    await page.getByRole('article', { name: TITLE }).getByText('You were matched').waitFor();
  });

  it('a referral that does not exist, or was not offered, is "not available" with a way back', async () => {
    const page = await e2e.signedInPage(await buildTherapist(db()));
    await page.goto(`/dashboard/therapist/referrals/${randomUUID()}`);
    await page.getByRole('heading', { name: 'This referral is not available', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'See referrals near me' }).click();
    await page.getByRole('heading', { name: 'Referrals near me', level: 1 }).waitFor();
  });

  it('the therapist dashboard links to referrals and alert settings', async () => {
    const page = await e2e.signedInPage(await buildTherapist(db()), { viewport: PHONE });
    await page.goto('/dashboard/therapist');
    await page.getByRole('link', { name: /Alert settings/ }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /Referrals near me/ }).click();
    await page.getByRole('heading', { name: 'Referrals near me', level: 1 }).waitFor();
  });
});

describe('referral eligibility (managers)', () => {
  it('explains why a far-away therapist and an unlicensed one were not eligible, and that a nearby one was notified', async () => {
    await buildTherapist(db(), { firstName: 'Nadia', lastName: 'Nearby' });
    await buildTherapist(db(), { firstName: 'Farrah', lastName: 'Faraway', zip: '75201' });
    await buildTherapist(db(), { firstName: 'Uma', lastName: 'Unlicensed', licensed: false });
    const { cookie, companyName } = await agency();
    await postReferral(cookie);

    const manager = await buildManager(db());
    const page = await e2e.signedInPage(manager, { viewport: PHONE, aal: 'aal2' });

    await page.goto('/dashboard/admin');
    await page.getByRole('link', { name: 'Referrals and eligibility' }).click();
    await page.getByRole('heading', { name: 'Referral eligibility', level: 1 }).waitFor();
    const item = page.getByRole('button', { name: new RegExp(companyName) });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/R-\d{4,} · PT · Austin, TX 78704/);
    expect(await item.textContent()).toMatch(/Notified [1-9]\d* therap/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await item.click();
    // The selection is a re-render after the click (the URL changes first): wait for it, not read it at once.
    await page.getByRole('button', { name: new RegExp(companyName), pressed: true }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Find a therapist' });

    const card = (name: string) => page.getByRole('article', { name });
    const check = (name: string, rule: string) => card(name).locator(`li[data-rule="${rule}"]`);

    await search.fill('Faraway');
    await card('Farrah Faraway').waitFor();
    expect(await card('Farrah Faraway').getByText('Not eligible', { exact: true }).count()).toBe(1);
    expect(await card('Farrah Faraway').getByText('Not notified', { exact: true }).count()).toBe(1);
    expect(await check('Farrah Faraway', 'radius').getAttribute('data-passed')).toBe('false');
    expect(await check('Farrah Faraway', 'radius').textContent()).toMatch(/Failed: Within their service radius — \d+\.\d miles away, outside the 25-mile radius/);
    expect(await check('Farrah Faraway', 'credentials').getAttribute('data-passed')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);

    await search.fill('Unlicensed');
    await card('Uma Unlicensed').waitFor();
    expect(await card('Uma Unlicensed').getByText('Not eligible', { exact: true }).count()).toBe(1);
    expect(await check('Uma Unlicensed', 'credentials').textContent()).toContain('State license (TX): none on file');
    expect(await check('Uma Unlicensed', 'credentials').getAttribute('data-passed')).toBe('false');

    await search.fill('Nadia');
    await card('Nadia Nearby').waitFor();
    expect(await card('Nadia Nearby').getByText('Eligible', { exact: true }).count()).toBe(1);
    expect(await card('Nadia Nearby').getByText('Notified', { exact: true }).count()).toBe(1);
    expect(await card('Nadia Nearby').locator('li[data-passed="false"]').count()).toBe(0);

    await search.fill('nobody-by-this-name');
    await status(page, 'No therapist matches “nobody-by-this-name”.').waitFor();
  });

  it('a manager without a second factor in this session is sent to Security', async () => {
    const manager = await buildManager(db());
    const page = await e2e.signedInPage(manager);
    await page.goto('/dashboard/admin/referrals');
    await page.getByRole('link', { name: 'Go to Security settings' }).waitFor();
  });
});

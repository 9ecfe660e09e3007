import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist, clientAddress, signIn } from '../test/factories';
import { enrolVerifiedTotp } from '../test/mfa';
import { buildReferral } from '../test/referral-fixtures';
import { createReferral, notificationsAbout } from '../test/referrals';
import { authenticatorCode } from '../test/rfc6238';
import { smallTapTargets } from '../test/tap-targets';

/**
 * Links that land: a link into the signed-in area opened while signed out (an alert read after the
 * idle sign-out) arrives at its page after sign-in and the second factor; the two-step wall met
 * mid-task leads to Security and back to the task; a `next` that points anywhere but the signed-in
 * area is ignored.
 */
let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const sizes = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** A signed-out browser of its own, from its own address: sign-in limits count per address. */
async function newVisitor(viewport?: { width: number; height: number }) {
  const page = await e2e.newPage({ viewport });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  return page;
}

async function logIn(page: Page, person: { email: string; password: string }) {
  const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each(sizes)('on $name', ({ viewport }) => {
  it('a referral alert opened while signed out arrives at its referral after sign-in and the second factor', async () => {
    const therapist = await buildTherapist(db());
    const { secret } = await enrolVerifiedTotp(e2e.app.url, await signIn(e2e.app.url, therapist));
    const agency = await buildAgency(db());
    const referral = await createReferral(e2e.app.url, await signIn(e2e.app.url, agency));
    // The link the therapist was sent, as the alert carries it.
    const alert = (await notificationsAbout(db(), referral.id)).find((notification) => notification.userId === therapist.userId);
    expect(alert?.link).toBe(`/dashboard/therapist/referrals/${referral.id}`);

    const page = await newVisitor(viewport);
    await page.goto(`${alert!.link}?from=alert`);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signIn') === '1');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/dashboard/therapist/referrals/${referral.id}?from=alert`);
    const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByText('Log in to continue to the page you opened.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await logIn(page, therapist);
    await page.waitForURL((url) => url.pathname === '/verify');
    await page.getByRole('heading', { name: 'Verify it’s you', level: 1 }).waitFor();
    // Enrolment used the previous step's code; the current one is unused.
    await page.getByLabel('6-digit code', { exact: true }).fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL((url) => url.pathname === `/dashboard/therapist/referrals/${referral.id}` && url.searchParams.get('from') === 'alert');
    await page.getByRole('heading', { name: 'PT referral in Austin, TX 78704', level: 1 }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
  }, 60_000);

  it('an agency stopped by the two-step wall on a matched referral sets up a factor and is brought back to the referral', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId });
    const referralPath = `/dashboard/agency/referrals/${referral.id}`;

    const page = await e2e.signedInPage(agency, { viewport, aal: 'aal1' });
    await page.goto(referralPath);
    const patient = page.getByRole('region', { name: 'Patient details' });
    await patient.getByText('Patient details need two-step verification.').waitFor();
    await patient.getByRole('link', { name: 'Set up two-step verification' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard/security' && url.searchParams.get('next') === referralPath);
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Office phone');
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = await page.getByLabel('Can’t scan it? Enter this setup key').inputValue();
    await page.getByLabel('6-digit code', { exact: true }).fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();

    // The backup codes come first: they are shown only this once.
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to where you were' }).count()).toBe(0);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    const back = page.getByRole('link', { name: 'Back to where you were' });
    await back.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (viewport.width < 640) expect(await smallTapTargets(page, { within: 'main' })).toEqual([]);
    await back.click();

    await page.waitForURL((url) => url.pathname === referralPath);
    // At aal2 now: the panel offers to add the patient instead of the wall.
    await patient.getByRole('heading', { name: 'Add patient details' }).waitFor();
    expect(await patient.getByText('Patient details need two-step verification.').count()).toBe(0);
  }, 60_000);

  it('a next that leads off the site or out of the signed-in area is ignored: sign-in lands on the dashboard', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Noor', lastName: 'Haddad' });
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil']) {
      const page = await newVisitor(viewport);
      await page.goto(`/?signIn=1&next=${encodeURIComponent(next)}`);
      await logIn(page, therapist);

      // Without a factor yet, the sign-in offers one first; both ways on go to the dashboard.
      await page.waitForURL((url) => url.pathname === '/signed-in');
      await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Set up now' }).getAttribute('href')).toBe('/dashboard/security?next=/dashboard');
      expect(await page.getByRole('link', { name: 'Later' }).getAttribute('href')).toBe('/dashboard');
      if (next === 'https://evil.example/') {
        expect(await seriousAxeViolations(page)).toEqual([]);
        if (viewport.width < 640) expect(await smallTapTargets(page)).toEqual([]);
        expect(await noHorizontalScroll(page)).toBe(true);
      }
      await page.getByRole('link', { name: 'Later' }).click();

      await page.waitForURL((url) => url.pathname === '/dashboard/therapist');
      expect(new URL(page.url()).host).toBe(new URL(e2e.app.url).host);
      await page.getByRole('heading', { name: 'Welcome, Noor Haddad', level: 1 }).waitFor();
    }
  }, 60_000);
});

describe('the two-step offer', () => {
  it('is shown once per session: a later sign-in step in the same session goes straight on', async () => {
    const therapist = await buildTherapist(db());
    const page = await newVisitor();
    await page.goto('/?signIn=1&next=/dashboard/therapist/schedule');
    await logIn(page, therapist);
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Later' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist/schedule');

    await page.goto('/signed-in?next=/dashboard/therapist');
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');
  });
});

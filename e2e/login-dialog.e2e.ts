import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../src/domain/auth';
import { hashPassword } from '../src/server/auth/password-hash';
import { account, user } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist, DEFAULT_PASSWORD } from '../test/factories';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

/** A public page without the landing page's slide-in panel, with the login dialog open. */
async function openDialog(page?: Page) {
  page ??= await e2e.newPage();
  await page.goto('/contact');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
  await dialog.waitFor();
  return { page, dialog };
}

describe('signing in', () => {
  it('shows the exact message for a wrong password and keeps the dialog open', async () => {
    const therapist = await buildTherapist(db());
    const { page, dialog } = await openDialog();
    await dialog.getByLabel('Email').fill(therapist.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: authMessages.invalidCredentials }).waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(authMessages.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows the server’s message for other refusals, and the fallback when there is none', async () => {
    const { page, dialog } = await openDialog();
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } }),
      }),
    );
    await dialog.getByLabel('Email').fill('someone@agency.test');
    await dialog.getByLabel('Password').fill('whatever-it-is');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByText('Too many attempts. Please wait a minute and try again.').waitFor();

    await page.unroute('**/api/auth/sign-in/email');
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByText(authMessages.signInFailed, { exact: true }).waitFor();
  });

  it('takes an approved therapist to their dashboard, keeps them out of others, and signs out on the server', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Avery', lastName: 'Lindqvist' });
    const { page, dialog } = await openDialog();
    await dialog.getByLabel('Email').fill(therapist.email);
    await dialog.getByLabel('Password').fill(therapist.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    // Without a second factor yet, the sign-in offers one first.
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Later' }).click();
    await page.waitForURL('**/dashboard/therapist');
    await page.getByRole('heading', { name: 'Welcome, Avery Lindqvist', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/dashboard/agency');
    await page.waitForURL('**/dashboard/therapist');
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/therapist');

    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await fetch(`${e2e.app.url}/api/me`, { headers: { cookie } })).status).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The session itself has ended, not just the browser's copy of the cookie.
    expect((await fetch(`${e2e.app.url}/api/me`, { headers: { cookie } })).status).toBe(401);
    await page.goto('/dashboard/therapist');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('welcomes an approved agency by company name and sends a manager to the admin area', async () => {
    const agency = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
    const agencyPage = await e2e.signedInPage(agency);
    await agencyPage.goto('/dashboard');
    await agencyPage.waitForURL('**/dashboard/agency');
    await agencyPage.getByRole('heading', { name: 'Welcome, Bluebird Home Care', level: 1 }).waitFor();
    expect(await agencyPage.getByRole('link', { name: /^New Referral/ }).isVisible()).toBe(true);

    const manager = await buildManager(db());
    const managerPage = await e2e.signedInPage(manager);
    await managerPage.goto('/dashboard/therapist');
    await managerPage.waitForURL('**/dashboard/admin');
  });

  it('shows a rejected account its status and nothing else, on a phone too', async () => {
    const agency = await buildAgency(db(), { status: 'rejected', companyName: 'Northstar Visiting Nurses of the Greater Valley Region' });
    const page = await e2e.signedInPage(agency, { viewport: { width: 375, height: 800 } });
    await page.goto('/dashboard/agency');
    await page.getByText('Not approved', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'contact our team' }).getAttribute('href')).toBe('/contact');
    expect(await page.getByText('Welcome,').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Its navigation offers its status, and under More only Security and Sign out.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Account status']);
    expect(await nav.getByRole('link', { name: 'Account status' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('dialog', { name: 'More' });
    expect(await more.getByRole('link').allTextContents()).toEqual(['Security']);
    expect(await more.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('sends a user without an account record to onboarding', async () => {
    const id = randomUUID();
    const email = `new-${id.slice(0, 8)}@social.test`;
    await db().insert(user).values({ id, name: 'Sam Social', email, emailVerified: true });
    await db()
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(DEFAULT_PASSWORD) });
    const page = await e2e.signedInPage({ email, password: DEFAULT_PASSWORD });
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/onboarding' && url.searchParams.get('next') === '/dashboard');
  });

  it('sends a visitor without a session to the landing page’s login dialog, keeping where they were going', async () => {
    const page = await e2e.newPage();
    await page.goto('/dashboard/therapist/schedule?filter=needs-notes');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signIn') === '1');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/therapist/schedule?filter=needs-notes');
    await page.getByRole('dialog', { name: 'Log in to CareRelay' }).getByText('Log in to continue to the page you opened.').waitFor();
  });
});

describe('forgot password', () => {
  it('confirms with "Check your email", mails the link, and Back to Login returns to an empty sign-in form', async () => {
    const therapist = await buildTherapist(db());
    const { page, dialog } = await openDialog();
    await dialog.getByLabel('Email').fill('typed-before@forgetting.test');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Email is required').waitFor();
    await forgot.getByLabel('Email').fill(therapist.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();

    const sent = page.getByRole('dialog', { name: 'Check your email' });
    await sent.getByText(therapist.email).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const mail = await e2e.smtp.waitForMail((m) => m.to.includes(therapist.email) && m.subject === 'Reset your CareRelay password');
    expect(mail.text).toMatch(/\/reset-password\?token=\S+/);

    await sent.getByRole('button', { name: 'Back to Login' }).click();
    const signInDialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    expect(await signInDialog.getByLabel('Email').inputValue()).toBe('');
    expect(await signInDialog.getByLabel('Password').inputValue()).toBe('');
  });

  it('shows the server’s message when the request is refused, and the fallback when the server cannot be reached', async () => {
    const { page, dialog } = await openDialog();
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await page.route('**/api/auth/request-password-reset', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } }),
      }),
    );
    await forgot.getByLabel('Email').fill('someone@agency.test');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Too many attempts. Please wait a minute and try again.').waitFor();

    await page.unroute('**/api/auth/request-password-reset');
    await page.route('**/api/auth/request-password-reset', (route) => route.abort('internetdisconnected'));
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText(authMessages.resetEmailFailed, { exact: true }).waitFor();
  });
});

import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupMessages } from '../src/domain/signup';
import { useraccounts } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency } from '../test/factories';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const therapistMessages = [
  'First name is required',
  'Last name is required',
  'Email is required',
  'Phone is required',
  'ZIP code is required',
  'Please select a discipline',
];
const agencyMessages = [
  'Company name is required',
  'Email is required',
  'Phone is required',
  'Address is required',
  'City is required',
  'State is required',
  'ZIP code is required',
];

async function openSignup(viewport?: { width: number; height: number }) {
  const page = await e2e.newPage(viewport ? { viewport } : {});
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Create your CareRelay account', level: 1 }).waitFor();
  return page;
}

const form = (page: Page) => page.getByRole('form', { name: 'Sign up' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const submit = (page: Page) => form(page).getByRole('button', { name: 'Sign Up', exact: true });

async function fillAgency(page: Page, values: { email: string; state: string; zip: string }) {
  await field(page, 'Company name').fill('Harbor Home Health');
  await field(page, 'Email').fill(values.email);
  await field(page, 'Phone').fill('(512) 555-0188');
  await field(page, 'Address').fill('200 Congress Ave');
  await field(page, 'City').fill('Austin');
  await field(page, 'State').selectOption(values.state);
  await field(page, 'ZIP code').fill(values.zip);
}

describe('therapist sign-up', () => {
  it('names each missing field, then signs up, mails a set-password link, and the new therapist signs in to a pending dashboard', async () => {
    const page = await openSignup();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form(page).getByRole('radio', { name: /^Therapist/ }).check();
    await submit(page).click();
    for (const message of therapistMessages) await form(page).getByText(message, { exact: true }).waitFor();
    expect(await form(page).getByText('Company name is required').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const email = 'jordan.reyes@therapists.test';
    await field(page, 'First name').fill('Jordan');
    await field(page, 'Last name').fill('Reyes');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone').fill('512-555-0177');
    await field(page, 'ZIP code').fill('78704');
    await form(page).getByRole('radio', { name: 'Physical Therapist (PT)', exact: true }).check();
    await submit(page).click();

    await page.getByRole('heading', { name: 'Thank You for Signing Up!' }).waitFor();
    expect(await page.getByText('1-2 business days', { exact: false }).count()).toBe(1);
    expect(await page.getByText(email).count()).toBe(1);
    expect(await page.getByLabel('Password').count()).toBe(0);
    const [account] = await e2e.app.runtime.database.db.select().from(useraccounts).where(eq(useraccounts.email, email));
    expect(account).toMatchObject({ userType: 'therapist', status: 'pending' });

    const mail = await e2e.smtp.waitForMail((m) => m.to.includes(email) && m.subject === 'Welcome to CareRelay: set your password');
    const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    const reset = page.getByRole('form', { name: 'Set your password' });
    await reset.getByLabel('New password').fill('Quiet-Harbor-42');
    await reset.getByLabel('Confirm password').fill('Quiet-Harbor-24');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await reset.getByText('Passwords do not match', { exact: true }).waitFor();
    await reset.getByLabel('New password').fill('abc');
    await reset.getByLabel('Confirm password').fill('abc');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await reset.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
    await reset.getByLabel('New password').fill('Quiet-Harbor-42');
    await reset.getByLabel('Confirm password').fill('Quiet-Harbor-42');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Your password has been set' }).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('Quiet-Harbor-42');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    // Without a second factor yet, the sign-in offers one first.
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Later' }).click();

    await page.waitForURL('**/dashboard/therapist');
    await page.getByText('Your account is pending review. Our team will reach out within 1-2 business days.').waitFor();
    expect(await page.getByText('Pending review', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Complete or review your profile' }).getAttribute('href')).toBe('/onboarding');
    // Who is signed in, in the app shell's sidebar.
    expect(await page.getByText('Signed in as Jordan Reyes', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Welcome,').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('agency sign-up', () => {
  it('starts as an agency and names each missing agency field', async () => {
    const page = await openSignup();
    expect(await form(page).getByRole('radio', { name: /^Healthcare Agency/ }).isChecked()).toBe(true);
    await submit(page).click();
    for (const message of agencyMessages) await form(page).getByText(message, { exact: true }).waitFor();
    expect(await form(page).getByText('Please select a discipline').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('puts the server’s ZIP check on the ZIP field', async () => {
    const page = await openSignup();
    await fillAgency(page, { email: 'ops@harbor-zip.test', state: 'CA', zip: '78701' });
    await submit(page).click();
    await form(page).getByText('ZIP code 78701 is not in CA', { exact: true }).waitFor();
    expect(await field(page, 'ZIP code').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an email that already has an account and offers to log in', async () => {
    const existing = await buildAgency(e2e.app.runtime.database.db);
    const page = await openSignup();
    await fillAgency(page, { email: existing.email, state: 'TX', zip: '78701' });
    await submit(page).click();
    const alert = form(page).getByRole('alert').filter({ hasText: signupMessages.emailTaken }).filter({ has: page.getByRole('button') });
    await alert.waitFor();
    expect(await form(page).getByText(signupMessages.emailTaken, { exact: true }).count()).toBe(2);
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    await alert.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in to CareRelay' }).waitFor();
  });

  it('fits a 375-pixel phone screen', async () => {
    const page = await openSignup({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiWithCheckDigit } from '../src/domain/npi';
import { startE2e, type E2e } from '../test/e2e';
import { buildManager } from '../test/factories';
import { completeAboutYou } from '../test/about-you';

/**
 * The whole account story in one journey: a therapist signs up (with its validation messages),
 * follows the mailed link to choose a password, signs in, completes onboarding, sees the pending
 * dashboard; a manager (at aal2) is refused Approve while credentials await verification, and approves
 * from the therapist's credentials screen with a reason; the therapist is mailed and now gets in.
 */
let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const email = 'sam.okafor@therapists.test';
const password = 'Shoulder-Press-77';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('a therapist from sign-up to approval', () => {
  it('signs up, sets a password, onboards, waits for review, is approved by a manager and is mailed', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL('**/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('radio', { name: /^Therapist/ }).check();
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await form.getByText('Please select a discipline', { exact: true }).waitFor();
    await form.getByText('First name is required', { exact: true }).waitFor();

    await form.getByLabel('First name', { exact: true }).fill('Sam');
    await form.getByLabel('Last name', { exact: true }).fill('Okafor');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('512-555-0166');
    await form.getByLabel('ZIP code', { exact: true }).fill('78701');
    await form.getByRole('radio', { name: 'Occupational Therapist (OT)', exact: true }).check();
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank You for Signing Up!' }).waitFor();

    const welcome = await e2e.smtp.waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Welcome to CareRelay'));
    const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(welcome.text)![1]!;
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Set your password' });
    await reset.getByLabel('New password').fill(password);
    await reset.getByLabel('Confirm password').fill(password);
    await reset.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Your password has been set' }).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    // Without a second factor yet, the sign-in offers one first.
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Later' }).click();
    await page.waitForURL('**/dashboard/therapist');
    await page.getByRole('link', { name: 'Complete or review your profile' }).click();

    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    await field(page, 'NPI number').fill(npiWithCheckDigit('246813579'));
    await field(page, 'License number').fill('OT-77881');
    await field(page, 'License state').selectOption('TX');
    await field(page, 'License expiry').fill('2030-12-31');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 of 3', { exact: true }).waitFor();
    await field(page, 'Initial Evaluation').fill('165');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await completeAboutYou(page);
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');
    await page.getByText('Your account is pending review. Our team will reach out within 1-2 business days.').waitFor();

    // A manager who passed a second factor approves the sign-up in the admin area.
    const manager = await buildManager(e2e.app.runtime.database.db);
    const admin = await e2e.signedInPage(manager, { aal: 'aal2' });
    await admin.goto('/dashboard/admin/signups?status=pending');
    const row = admin.locator('tbody tr').filter({ hasText: 'Sam Okafor' });
    // Onboarding gave a license and an NPI, awaiting verification; the other required credentials are missing.
    await row.getByRole('button', { name: 'Approve Sam Okafor' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Not every required credential is verified: State license (' }).waitFor();
    await row.getByRole('link', { name: 'Credentials and checks of Sam Okafor' }).click();
    await admin.getByRole('heading', { name: /Sam Okafor/, level: 1 }).waitFor();
    await admin.getByLabel('Reason for approving without them').fill('License checked by phone with the Texas board; other credentials to follow this week');
    await admin.getByRole('button', { name: 'Approve without them' }).click();
    await admin.getByText('Approved. We have emailed them.').waitFor();

    const approval = await e2e.smtp.waitForMail((m) => m.to.includes(email) && m.subject === 'Your CareRelay account is approved');
    expect(approval.text).toContain(`${e2e.app.url}/dashboard`);

    // The therapist's next visit shows the dashboard instead of the status page.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Sam Okafor' }).waitFor();
  });
});

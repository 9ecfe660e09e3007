import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, resetMessages } from '../src/domain/auth';
import { COMMON_PASSWORD_MESSAGE } from '../src/server/auth/common-passwords';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildTherapist, clientAddress } from '../test/factories';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

function post(path: string, body: unknown) {
  return fetch(`${e2e.app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: e2e.app.url, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
}

/** Asks for a reset over the API, as the login dialog does, and returns the token from the mail. */
async function mailedToken(email: string): Promise<string> {
  const before = e2e.smtp.received.length;
  expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
  const mail = await e2e.smtp.waitForMail((m) => m.to.includes(email) && e2e.smtp.received.indexOf(m) >= before);
  return decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail.text)![1]!);
}

async function openReset(token?: string) {
  const page = await e2e.newPage();
  await page.goto(token === undefined ? '/reset-password' : `/reset-password?token=${encodeURIComponent(token)}`);
  return page;
}

const form = (page: Page) => page.getByRole('form', { name: 'Set your password' });
const setPassword = (page: Page) => form(page).getByRole('button', { name: 'Set password' });

async function fill(page: Page, password: string, confirmation = password) {
  await form(page).getByLabel('New password').fill(password);
  await form(page).getByLabel('Confirm password').fill(confirmation);
  await setPassword(page).click();
}

async function signInFromDialog(page: Page, credentials: { email: string; password: string }) {
  const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
  await dialog.getByLabel('Email').fill(credentials.email);
  await dialog.getByLabel('Password').fill(credentials.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

describe('a link that cannot be used', () => {
  it('without a token says so and opens the dialog on "Forgot password"', async () => {
    const page = await openReset();
    await page.getByText(resetMessages.missingToken, { exact: true }).waitFor();
    expect(await form(page).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: 'Request a new link' }).click();
    await page.getByRole('dialog', { name: 'Reset your password' }).getByRole('button', { name: 'Send reset link' }).waitFor();
  });

  it('with a made-up token says the link is invalid', async () => {
    const page = await openReset('not-a-real-token');
    await page.getByText(resetMessages.invalidToken, { exact: true }).waitFor();
    expect(await form(page).count()).toBe(0);
  });

  it('with a token that has been used says the link is invalid', async () => {
    const therapist = await buildTherapist(db());
    const token = await mailedToken(therapist.email);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'Amber-Lantern-71' })).status).toBe(200);
    const page = await openReset(token);
    await page.getByText(resetMessages.invalidToken, { exact: true }).waitFor();
  });

  it('shows the invalid-link state when the token is used up while the form is open', async () => {
    const therapist = await buildTherapist(db());
    const token = await mailedToken(therapist.email);
    const page = await openReset(token);
    await form(page).waitFor();
    expect((await post('/api/auth/reset-password', { token, newPassword: 'Amber-Lantern-72' })).status).toBe(200);
    await fill(page, 'Cobalt-Meadow-19');
    await page.getByText(resetMessages.invalidToken, { exact: true }).waitFor();
  });
});

describe('setting a new password', () => {
  it('checks the fields, refuses a common password, then sets it; the new password signs in and the old one does not', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Rowan', lastName: 'Ellery' });
    const token = await mailedToken(therapist.email);
    const page = await openReset(token);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await setPassword(page).click();
    await form(page).getByText('Password must be at least 6 characters', { exact: true }).waitFor();
    await form(page).getByText('Please confirm your password', { exact: true }).waitFor();
    expect(await form(page).getByLabel('New password').getAttribute('aria-invalid')).toBe('true');

    await fill(page, 'Cobalt-Meadow-19', 'Cobalt-Meadow-91');
    await form(page).getByText('Passwords do not match', { exact: true }).waitFor();

    await fill(page, 'abc12');
    await form(page).getByText('Password must be at least 6 characters', { exact: true }).waitFor();

    await fill(page, 'password123');
    await form(page).getByText(COMMON_PASSWORD_MESSAGE, { exact: true }).waitFor();

    await fill(page, 'Cobalt-Meadow-19');
    await page.getByRole('heading', { name: 'Your password has been set' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await signInFromDialog(page, { email: therapist.email, password: therapist.password });
    await page.getByRole('dialog').getByText(authMessages.invalidCredentials).waitFor();
    await signInFromDialog(page, { email: therapist.email, password: 'Cobalt-Meadow-19' });
    // Without a second factor yet, the sign-in offers one first.
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Later' }).click();
    await page.waitForURL('**/dashboard/therapist');
    await page.getByRole('heading', { name: 'Welcome, Rowan Ellery' }).waitFor();
  });

  it('explains when the server cannot be reached, and keeps what was typed', async () => {
    const therapist = await buildTherapist(db());
    const token = await mailedToken(therapist.email);
    const page = await openReset(token);
    await form(page).waitFor();
    await page.route('**/api/auth/reset-password', (route) => route.abort('internetdisconnected'));
    await fill(page, 'Cobalt-Meadow-19');
    await form(page).getByRole('alert').filter({ hasText: resetMessages.failed }).waitFor();
    expect(await form(page).getByLabel('New password').inputValue()).toBe('Cobalt-Meadow-19');
  });
});

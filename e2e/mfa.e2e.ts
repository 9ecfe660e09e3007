import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildTherapist } from '../test/factories';
import { authenticatorCode } from '../test/rfc6238';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 375, height: 800 };

const timeStep = (at = Date.now()) => Math.floor(at / 30_000);

/** The server accepts each TOTP step once, so a new code waits for the authenticator's next step. */
async function freshCode(secret: string, afterStep: number) {
  await expect.poll(() => timeStep(), { timeout: 35_000, interval: 500 }).toBeGreaterThan(afterStep);
  const now = Date.now();
  return { code: authenticatorCode(secret, new Date(now)), step: timeStep(now) };
}

async function openSecurity(page: Page) {
  await page.goto('/dashboard/security');
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
}

const factorRow = (page: Page, name: string) => page.getByRole('list', { name: 'Your second factors' }).getByRole('listitem').filter({ hasText: name });
const codeField = (page: Page) => page.getByLabel('6-digit code', { exact: true });
const backupField = (page: Page) => page.getByLabel('Backup code', { exact: true });

async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('second factor', () => {
  const therapist = { email: '', password: '' };
  let secret = '';
  let usedStep = 0;
  let backupCodes: string[] = [];

  it('an approved therapist adds an authenticator app by scanning its QR code and saves ten backup codes', async () => {
    Object.assign(therapist, await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor' }));
    const page = await e2e.signedInPage(therapist);
    await openSecurity(page);
    await page.getByText('Not verified with a second factor').waitFor();
    await page.getByText('You have not added a second factor yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please name this factor').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('My phone');
    await page.getByRole('button', { name: 'Continue' }).click();

    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    secret = await page.getByLabel('Can’t scan it? Enter this setup key').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const code = codeField(page);
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A wrong code is refused on the field with the server's words.
    const right = authenticatorCode(secret);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid code. Check your authenticator app and try again.').waitFor();

    usedStep = timeStep();
    await code.fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    backupCodes = await codes.allTextContents();
    expect(backupCodes).toHaveLength(10);
    for (const backup of backupCodes) expect(backup).toMatch(/^\d{5}-\d{5}$/);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    expect(await page.getByRole('heading', { name: 'Save your backup codes' }).count()).toBe(0);

    const row = factorRow(page, 'My phone');
    await row.getByText('Verified', { exact: true }).waitFor();
    expect(await row.getByText('Authenticator app').isVisible()).toBe(true);
    await page.getByText('This session is verified with a second factor').waitFor();
    await page.getByText('You have 10 unused backup codes.', { exact: false }).waitFor();
  });

  it('signing in again goes through /verify with a fresh code and ends at aal2 on the dashboard', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByLabel('Email').fill(therapist.email);
    await dialog.getByLabel('Password').fill(therapist.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();

    // The dashboard layout sends a session that has not passed the user's factor to /verify.
    await page.waitForURL((url) => url.pathname === '/verify');
    await page.getByRole('heading', { name: 'Verify it’s you', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const fresh = await freshCode(secret, usedStep);
    usedStep = fresh.step;
    await codeField(page).fill(fresh.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/therapist'));
    const me = await page.evaluate(async () => (await fetch('/api/me')).json() as Promise<{ aal: string }>);
    expect(me.aal).toBe('aal2');
  }, 90_000);

  it('a backup code passes the factor once, and is refused the second time', async () => {
    const first = await e2e.signedInPage(therapist);
    await first.goto('/verify?next=/dashboard/security');
    await first.getByRole('button', { name: 'Use a backup code instead' }).click();
    await backupField(first).fill(backupCodes[0]!);
    await first.getByRole('button', { name: 'Verify' }).click();
    await first.waitForURL((url) => url.pathname === '/dashboard/security');
    await first.getByText('This session is verified with a second factor').waitFor();
    await first.getByText('You have 9 unused backup codes.', { exact: false }).waitFor();

    const second = await e2e.signedInPage(therapist);
    await second.goto('/verify?next=/dashboard');
    await second.getByRole('button', { name: 'Use a backup code instead' }).click();
    await backupField(second).fill(backupCodes[0]!);
    await second.getByRole('button', { name: 'Verify' }).click();
    await second.getByText('Invalid or already used backup code').waitFor();
    expect(await backupField(second).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(second.url()).pathname).toBe('/verify');

    // Sign out from /verify ends the session on the server.
    await second.getByRole('button', { name: 'Sign out' }).click();
    await second.waitForURL((url) => url.pathname === '/');
    expect(await second.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
  });

  it('adds a phone, verifies the texted code, and then offers both factors on /verify, on a phone-sized screen', async () => {
    const page = await e2e.signedInPage(therapist, { viewport: PHONE });
    await page.goto('/verify?next=/dashboard/security');
    const fresh = await freshCode(secret, usedStep);
    usedStep = fresh.step;
    await codeField(page).fill(fresh.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/security');
    await page.getByText('This session is verified with a second factor').waitFor();

    await page.getByRole('button', { name: 'Add phone' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Work mobile');
    await page.getByLabel('Mobile number').fill('(512) 555-0199');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('We sent a 6-digit code to ••• ••• 0199.', { exact: false }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mailbox = (await (await fetch(`${e2e.app.url}/api/dev/mailbox`)).json()) as { sms: Array<{ toNumber: string; body: string }> };
    expect(mailbox.sms[0]!.toNumber).toBe('+15125550199');
    const texted = /\b(\d{6})\b/.exec(mailbox.sms[0]!.body)![1]!;
    await codeField(page).fill(texted);
    await page.getByRole('button', { name: 'Verify' }).click();

    const row = factorRow(page, 'Work mobile');
    await row.getByText('Verified', { exact: true }).waitFor();
    expect(await row.getByText('Text message to ••• ••• 0199').isVisible()).toBe(true);
    // Not the first factor: no new backup codes are handed out.
    expect(await page.getByRole('heading', { name: 'Save your backup codes' }).count()).toBe(0);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // With two factors, /verify lets the user choose; the phone is texted only on request.
    const again = await e2e.signedInPage(therapist, { viewport: PHONE });
    await again.goto('/verify?next=/dashboard');
    await again.getByRole('heading', { name: 'Verify it’s you', level: 1 }).waitFor();
    expect(await again.getByRole('radio', { name: /My phone/ }).isChecked()).toBe(true);
    await again.getByRole('radio', { name: /Work mobile/ }).check();
    await again.getByRole('button', { name: 'Send code', exact: true }).click();
    await again.getByRole('button', { name: 'Send a new code' }).waitFor();
    expect(await noHorizontalScroll(again)).toBe(true);
    expect(await seriousAxeViolations(again)).toEqual([]);
    const latest = (await (await fetch(`${e2e.app.url}/api/dev/mailbox`)).json()) as { sms: Array<{ body: string }> };
    await codeField(again).fill(/\b(\d{6})\b/.exec(latest.sms[0]!.body)![1]!);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL((url) => url.pathname.startsWith('/dashboard/therapist'));
  }, 90_000);

  it('removes a factor after confirming, and explains when the session must verify first', async () => {
    const page = await e2e.signedInPage(therapist);
    await page.goto('/verify?next=/dashboard/security');
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await backupField(page).fill(backupCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/security');

    await factorRow(page, 'Work mobile').getByRole('button', { name: 'Remove Work mobile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove “Work mobile”?' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('“Work mobile” was removed.').waitFor();
    expect(await factorRow(page, 'Work mobile').count()).toBe(0);

    // Should the session lose its level meanwhile, the server says MFA_REQUIRED and the page says how to go on.
    await page.route('**/api/mfa/factors', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'MFA_REQUIRED', message: 'Verify with one of your factors before changing them.' } }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Tablet');
    await page.getByRole('button', { name: 'Continue' }).click();
    const verifyLink = page.getByRole('alert').getByRole('link', { name: 'Verify now' });
    await verifyLink.waitFor();
    expect(await verifyLink.getAttribute('href')).toBe('/verify?next=/dashboard/security');
  });

  it('a pending therapist can set up a factor while their account is reviewed', async () => {
    const pending = await buildTherapist(db(), { status: 'pending' });
    const page = await e2e.signedInPage(pending);
    await openSecurity(page);
    await page.getByText('Not verified with a second factor').waitFor();
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Pixel');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    // Cancelling removes the half-added factor, so its name is free again.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await page.evaluate(async () => (await fetch('/api/mfa/factors')).json() as Promise<{ factors: unknown[] }>)).factors.length).toBe(0);
  });

  it('sends a signed-out visitor from /verify to the home page, and a user without a factor straight on', async () => {
    const visitor = await e2e.newPage();
    await visitor.goto('/verify?next=/dashboard');
    await visitor.waitForURL((url) => url.pathname === '/');

    const other = await buildTherapist(db());
    const page = await e2e.signedInPage(other);
    // Another site in `next` is ignored.
    await page.goto('/verify?next=//evil.test/');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/therapist'));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildTherapist, signIn } from '../test/factories';

// A short idle timeout, so the whole warning and sign-out fit in a test: the warning shows a
// quarter of it (2 s) before the end.
const IDLE_SECONDS = 8;
// The warning comes IDLE_SECONDS − 2 s after the page's last activity, which a loaded machine (CI
// runs every suite at once) can put past the default 10 s wait for it: it once did.
const UNTIL_WARNED = { timeout: 20_000 };

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ SESSION_IDLE_SECONDS: String(IDLE_SECONDS) });
});
afterAll(() => e2e.close());

/** An approved therapist's dashboard, signed in over the API (this journey is not about the dialog). */
async function openDashboard() {
  const therapist = await buildTherapist(e2e.app.runtime.database.db, { firstName: 'Idle', lastName: 'Ivers' });
  const cookie = await signIn(e2e.app.url, therapist);
  const page = await e2e.pageWithCookie(cookie);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Welcome, Idle Ivers' }).waitFor();
  return { page, cookie, loadedAt: Date.now() };
}

const me = (cookie: string) => fetch(`${e2e.app.url}/api/me`, { headers: { cookie, 'x-carerelay-background': '1' } });

describe('idle sign-out', () => {
  it('warns with a countdown, then signs out on the server and returns to the landing page with a notice', async () => {
    const { page, cookie } = await openDashboard();
    const signOuts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/sign-out')) signOuts.push(request.method());
    });

    const warning = page.getByRole('alertdialog', { name: 'You will be signed out soon' });
    await warning.waitFor(UNTIL_WARNED);
    expect(await warning.getByRole('timer').textContent()).toMatch(/^Signing out in [12] seconds?$/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signedOut') === 'idle');
    expect(signOuts).toEqual(['POST']);
    expect((await me(cookie)).status).toBe(401);
    const notice = page.getByRole('status').filter({ hasText: 'You were signed out because you were inactive' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('signedOut'));
    await notice.waitFor({ state: 'detached' });
  });

  it('keeps the user signed in past the original deadline after "Stay signed in"', async () => {
    const { page, cookie, loadedAt } = await openDashboard();
    const warning = page.getByRole('alertdialog', { name: 'You will be signed out soon' });
    await warning.waitFor(UNTIL_WARNED);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'detached' });

    // Past the moment the first warning would have signed the user out.
    const pastDeadline = loadedAt + IDLE_SECONDS * 1000 + 500 - Date.now();
    if (pastDeadline > 0) await page.waitForTimeout(pastDeadline);
    expect(new URL(page.url()).pathname).toBe('/dashboard/therapist');
    expect(await page.getByRole('heading', { name: 'Welcome, Idle Ivers' }).isVisible()).toBe(true);
    expect((await me(cookie)).status).toBe(200);
  });

  it('keeps an active user signed in with keep-alive requests', async () => {
    const { page, cookie, loadedAt } = await openDashboard();
    // Someone reading and moving the mouse for longer than the idle timeout.
    while (Date.now() - loadedAt < (IDLE_SECONDS + 2) * 1000) {
      await page.mouse.move(100 + Math.random() * 400, 200 + Math.random() * 300);
      await page.waitForTimeout(400);
    }
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard/therapist');
    expect((await me(cookie)).status).toBe(200);
  });

  it('logging in again after the sign-out returns to the page the user was on', async () => {
    const therapist = await buildTherapist(e2e.app.runtime.database.db);
    const page = await e2e.pageWithCookie(await signIn(e2e.app.url, therapist));
    await page.goto('/dashboard/therapist/schedule');
    await page.getByRole('alertdialog', { name: 'You will be signed out soon' }).waitFor(UNTIL_WARNED);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signedOut') === 'idle');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/therapist/schedule');

    await page.getByRole('status').filter({ hasText: 'You were signed out' }).getByRole('button', { name: 'Log in again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByLabel('Email').fill(therapist.email);
    await dialog.getByLabel('Password').fill(therapist.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    // Without a second factor the sign-in offers one first.
    await page.getByRole('link', { name: 'Later' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist/schedule');
  });
});

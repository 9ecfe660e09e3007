import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiWithCheckDigit } from '../src/domain/npi';
import { account, therapistProfiles, useraccounts } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildTherapist } from '../test/factories';
import { startOidcServer, type OidcTestServer } from '../test/oidc-server';
import { completeAboutYou } from '../test/about-you';

const PROVIDER = 'localidp';
let oidc: OidcTestServer;
let e2e: E2e;

beforeAll(async () => {
  // The provider first: the app discovers it at start-up; the app's callback is registered once known.
  oidc = await startOidcServer();
  e2e = await startE2e({ OIDC_PROVIDERS: oidc.providersEnv(PROVIDER, 'Local IdP') });
  oidc.allowRedirect(`${e2e.app.url}/api/auth/callback/${PROVIDER}`);
});
afterAll(async () => {
  await e2e.close();
  await oidc.close();
});

const db = () => e2e.app.runtime.database.db;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * What "Continue with Local IdP" does, from the page itself (its cookies, its origin): ask the app
 * for the provider's URL, then go there. The test provider signs in the user named by loginHint.
 */
async function continueWithProvider(page: Page, loginHint: string) {
  await page.goto('/');
  const url = await page.evaluate(
    async ({ provider, loginHint }) => {
      const response = await fetch('/api/auth/sign-in/social', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider,
          callbackURL: '/dashboard',
          newUserCallbackURL: '/onboarding',
          errorCallbackURL: '/?socialError=1',
          disableRedirect: true,
          loginHint,
        }),
      });
      return ((await response.json()) as { url: string }).url;
    },
    { provider: PROVIDER, loginHint },
  );
  expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
  await page.goto(url);
}

describe('social sign-in through a local OpenID Connect provider', () => {
  it('a new user signs in, chooses therapist, completes onboarding on a phone and sees the pending dashboard', async () => {
    oidc.addUser({ sub: 'idp-jamie', email: 'jamie.social@idp.test', email_verified: true, name: 'Jamie Rivera' });
    const page = await e2e.newPage({ viewport: { width: 375, height: 740 } });
    await continueWithProvider(page, 'idp-jamie');

    await page.waitForURL((url) => url.pathname === '/onboarding');
    await page.getByRole('heading', { name: 'Agency or therapist?' }).waitFor();
    // The provider's name is the starting point; the email is not asked again.
    expect(await field(page, 'First name').inputValue()).toBe('Jamie');
    expect(await field(page, 'Last name').inputValue()).toBe('Rivera');
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Phone is required', { exact: true }).waitFor();
    await page.getByText('ZIP code is required', { exact: true }).waitFor();
    await page.getByText('Please select a discipline', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'Phone').fill('(512) 555-0177');
    await field(page, 'ZIP code').fill('78701');
    await page.getByLabel('Speech Therapist (ST)').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The account exists now (pending); onboarding continues with its two steps.
    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    expect(await field(page, 'First name').inputValue()).toBe('Jamie');
    await field(page, 'NPI number').fill(npiWithCheckDigit('192837465'));
    await field(page, 'License number').fill('ST-7654321');
    await field(page, 'License state').selectOption('TX');
    await field(page, 'License expiry').fill('2031-05-31');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 of 3', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await completeAboutYou(page);

    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');
    await page.getByText('Pending review', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [linked] = await db().select().from(account).where(eq(account.accountId, 'idp-jamie'));
    expect(linked?.providerId).toBe(PROVIDER);
    const [record] = await db().select().from(useraccounts).where(eq(useraccounts.userId, linked!.userId));
    expect(record).toMatchObject({ email: 'jamie.social@idp.test', userType: 'therapist', status: 'pending' });
    const [profile] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, linked!.userId));
    expect(profile).toMatchObject({ firstName: 'Jamie', lastName: 'Rivera', disciplines: ['ST'] });

    // Next time the same person goes straight to their dashboard.
    const again = await e2e.newPage();
    await continueWithProvider(again, 'idp-jamie');
    await again.waitForURL((url) => url.pathname === '/dashboard/therapist');
  });

  it('an email that already has a password account is refused, not signed in', async () => {
    const existing = await buildTherapist(db());
    oidc.addUser({ sub: 'idp-impostor', email: existing.email, email_verified: true, name: 'Someone Else' });
    const page = await e2e.newPage();
    await continueWithProvider(page, 'idp-impostor');

    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('socialError') === '1');
    expect(new URL(page.url()).searchParams.get('error')).toBe('account_not_linked');
    const me = await page.evaluate(async () => (await fetch('/api/me')).status);
    expect(me).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('starts from "Continue with Local IdP" in the login dialog, and says why an existing email is refused', async () => {
    oidc.addUser({ sub: 'idp-button', email: 'button.user@idp.test', email_verified: true, name: 'Button User' });
    oidc.defaultUser = 'idp-button';
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in to CareRelay' }).getByRole('button', { name: 'Continue with Local IdP' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await page.getByRole('heading', { name: 'Agency or therapist?' }).waitFor();

    const existing = await buildTherapist(db(), { email: 'taken.button@idp.test' });
    oidc.addUser({ sub: 'idp-taken-button', email: existing.email, email_verified: true, name: 'Taken' });
    oidc.defaultUser = 'idp-taken-button';
    const other = await e2e.newPage();
    await other.goto('/');
    await other.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await other.getByRole('button', { name: 'Continue with Local IdP' }).click();
    // Back on the site, the dialog reopens with the seed's message for an email that has an account.
    const dialog = other.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByText('An account with this email already exists. Please log in or use a different email.').waitFor();
    expect(await seriousAxeViolations(other)).toEqual([]);
    oidc.defaultUser = undefined;
  });

  it('keeps where a signed-out link was going, through onboarding and the two-step offer, and again at the next sign-in', async () => {
    oidc.addUser({ sub: 'idp-linked', email: 'linked.user@idp.test', email_verified: true, name: 'Lee Linked' });
    oidc.defaultUser = 'idp-linked';
    const destination = '/dashboard/notifications?filter=unread';
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(destination);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === destination);
    await page.getByRole('dialog', { name: 'Log in to CareRelay' }).getByRole('button', { name: 'Continue with Local IdP' }).click();

    // New here: onboarding first, with the destination kept.
    await page.waitForURL((url) => url.pathname === '/onboarding' && url.searchParams.get('next') === destination);
    await field(page, 'Phone').fill('(512) 555-0178');
    await field(page, 'ZIP code').fill('78701');
    await page.getByLabel('Occupational Therapist (OT)').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    await field(page, 'NPI number').fill(npiWithCheckDigit('192837466'));
    await field(page, 'License number').fill('OT-7654322');
    await field(page, 'License state').selectOption('TX');
    await field(page, 'License expiry').fill('2031-05-31');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 of 3', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await completeAboutYou(page);

    // No second factor yet: offered once, then on to the destination.
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Later' }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === destination);

    // A known user's next sign-in is a new session: offered again, then straight to where the link was going.
    const again = await e2e.newPage();
    await again.goto('/?signIn=1&next=/dashboard/security');
    await again.getByRole('dialog', { name: 'Log in to CareRelay' }).getByRole('button', { name: 'Continue with Local IdP' }).click();
    await again.waitForURL((url) => url.pathname === '/signed-in');
    await again.getByRole('link', { name: 'Later' }).click();
    await again.waitForURL((url) => url.pathname === '/dashboard/security');
    await again.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    oidc.defaultUser = undefined;
  });
});

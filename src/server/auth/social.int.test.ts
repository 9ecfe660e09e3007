import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { WebhookDouble } from '../../../test/webhook-double';
import { buildTherapist, clientAddress, signIn } from '../../../test/factories';
import { callApi } from '../../../test/http';
import { enrolVerifiedTotp } from '../../../test/mfa';
import { CookieJar, followRedirects, startOidcServer, type OidcTestServer, type OidcTestUser } from '../../../test/oidc-server';
import { authenticatorCode } from '../../../test/rfc6238';
import { npiWithCheckDigit } from '../../domain/npi';
import { onboardingMessages } from '../../domain/onboarding';
import { account, auditLog, session, therapistProfiles, user, useraccounts } from '../db/schema/index';

const PROVIDER = 'localidp';
let oidc: OidcTestServer;
let webhook: WebhookDouble;
let app: TestApp;

beforeAll(async () => {
  oidc = await startOidcServer();
  webhook = new WebhookDouble();
  await webhook.start();
  app = await startTestApp({
    OIDC_PROVIDERS: oidc.providersEnv(PROVIDER, 'Local IdP'),
    THERAPIST_WEBHOOK_URL: webhook.url('/therapists'),
    AGENCY_WEBHOOK_URL: webhook.url('/agencies'),
  });
  oidc.allowRedirect(`${app.url}/api/auth/callback/${PROVIDER}`);
});
afterAll(async () => {
  await app.close();
  await webhook.stop();
  await oidc.close();
});

const db = () => app.runtime.database.db;
let sequence = 0;

function socialUser(overrides: Partial<OidcTestUser> = {}): OidcTestUser {
  const n = ++sequence;
  const person: OidcTestUser = { sub: `idp-user-${n}`, email: `social${n}@idp.test`, email_verified: true, name: `Sam Social${n}`, ...overrides };
  oidc.addUser(person);
  return person;
}

const call = (method: string, path: string, cookie: string, body?: unknown) => callApi(app.url, method, path, { cookie, body });
async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** What the web app does: POST /api/auth/sign-in/social, then the browser goes to the returned URL. */
async function startSignIn(jar: CookieJar, person: OidcTestUser) {
  const response = await fetch(`${app.url}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({
      provider: PROVIDER,
      callbackURL: '/dashboard',
      errorCallbackURL: '/?socialError=1',
      newUserCallbackURL: '/onboarding',
      // The test provider signs in whoever the hint names (a real one would show its login page).
      loginHint: person.sub,
    }),
  });
  expect(response.status).toBe(200);
  jar.store(response);
  return new URL((await json<{ url: string }>(response)).url);
}

/** A whole social sign-in; returns where the browser lands and the app's cookies. */
async function socialSignIn(person: OidcTestUser) {
  const jar = new CookieJar();
  const authorize = await startSignIn(jar, person);
  const { final, hops } = await followRedirects(authorize.toString(), jar);
  return { landed: final, hops, cookie: jar.appCookies(), jar };
}

const therapistDetails = { userType: 'therapist', firstName: 'Sam', lastName: 'Social', phone: '(512) 555-0190', zip: '78701', discipline: 'OT' };

describe('social sign-in (OpenID Connect with PKCE)', () => {
  it('publishes provider ids and names, never the client secret', async () => {
    const site = await json<{ socialProviders: unknown[] }>(await fetch(`${app.url}/api/site`));
    expect(site.socialProviders).toEqual([{ id: PROVIDER, name: 'Local IdP' }]);
    expect(JSON.stringify(site)).not.toContain(oidc.clientSecret);
  });

  it('sends the user to the provider with PKCE (S256), state and nonce', async () => {
    const authorize = await startSignIn(new CookieJar(), socialUser());
    expect(authorize.origin).toBe(oidc.issuer);
    const params = authorize.searchParams;
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('client_id')).toBe(oidc.clientId);
    expect(params.get('redirect_uri')).toBe(`${app.url}/api/auth/callback/${PROVIDER}`);
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('creates a user and a session without an account record; choosing therapist creates the pending account', async () => {
    const person = socialUser();
    const { landed, cookie, hops } = await socialSignIn(person);
    // The provider's redirect came back to our callback with a code, and a new user goes to onboarding.
    expect(hops.some((hop) => hop.url.startsWith(`${app.url}/api/auth/callback/${PROVIDER}?code=`))).toBe(true);
    expect(landed.toString()).toBe(`${app.url}/onboarding`);
    expect(cookie).toContain('carerelay.session_token=');

    const me = await json<{ user: { id: string; email: string; name: string }; account: unknown; aal: string }>(await call('GET', '/api/me', cookie));
    expect(me).toMatchObject({ user: { email: person.email, name: person.name }, account: null, aal: 'aal1' });
    const [linked] = await db().select().from(account).where(eq(account.userId, me.user.id));
    expect(linked).toMatchObject({ providerId: PROVIDER, accountId: person.sub });
    expect(
      await db().$count(auditLog, and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorUserId, me.user.id), eq(auditLog.outcome, 'success'))),
    ).toBe(1);

    // Onboarding first needs agency or therapist.
    const before = await call('GET', '/api/onboarding', cookie);
    expect(before.status).toBe(409);
    expect((await json<{ error: { message: string } }>(before)).error.message).toBe(onboardingMessages.noAccount);

    const invalid = await call('POST', '/api/onboarding/account-type', cookie, { ...therapistDetails, discipline: undefined });
    expect(invalid.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(invalid)).error.fields).toEqual({ discipline: 'Please select a discipline' });

    const chosen = await call('POST', '/api/onboarding/account-type', cookie, therapistDetails);
    expect(chosen.status).toBe(201);
    expect(await json(chosen)).toEqual({ userType: 'therapist', status: 'pending' });
    expect(await json(await call('GET', '/api/me', cookie))).toMatchObject({ account: { userType: 'therapist', status: 'pending' } });
    const [record] = await db().select().from(useraccounts).where(eq(useraccounts.userId, me.user.id));
    expect(record).toMatchObject({ email: person.email, userType: 'therapist', status: 'pending' });
    const [profile] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, me.user.id));
    expect(profile).toMatchObject({ firstName: 'Sam', lastName: 'Social', email: person.email, disciplines: ['OT'], zipCode: '78701' });
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'account.type_chosen'), eq(auditLog.actorUserId, me.user.id)))).toBe(1);
    await expect
      .poll(() => webhook.received.find((post) => post.body.content.includes(person.email)), { timeout: 15_000 })
      .toMatchObject({ path: '/therapists', body: { content: expect.stringContaining('Discipline: OT (Occupational Therapist)') } });

    // Then the normal onboarding, and the type cannot be chosen twice.
    expect((await call('GET', '/api/onboarding', cookie)).status).toBe(200);
    const again = await call('POST', '/api/onboarding/account-type', cookie, { ...therapistDetails, discipline: 'PT' });
    expect(again.status).toBe(409);

    // Signing in again finds the same user (no onboarding redirect) through the provider's subject.
    const second = await socialSignIn(person);
    expect(second.landed.toString()).toBe(`${app.url}/dashboard`);
    expect(await json(await call('GET', '/api/me', second.cookie))).toMatchObject({ user: { id: me.user.id } });
  });

  it('checks the agency details like sign-up', async () => {
    const { cookie } = await socialSignIn(socialUser());
    const agency = { userType: 'agency', companyName: 'Bluebird Home Care', phone: '512-555-0100', address: '1 Main St', city: 'Austin', state: 'CA', zip: '78701' };
    const wrongState = await call('POST', '/api/onboarding/account-type', cookie, agency);
    expect(wrongState.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(wrongState)).error.fields).toEqual({ zip: 'ZIP code 78701 is not in CA' });
    expect((await call('POST', '/api/onboarding/account-type', cookie, { ...agency, state: 'TX' })).status).toBe(201);
    expect(await json(await call('GET', '/api/me', cookie))).toMatchObject({ account: { userType: 'agency', status: 'pending' } });
  });

  it('refuses choosing a type when signed out, from another origin, or with an account already', async () => {
    const signedOut = await fetch(`${app.url}/api/onboarding/account-type`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify(therapistDetails),
    });
    expect(signedOut.status).toBe(401);

    const { cookie } = await socialSignIn(socialUser());
    const crossSite = await fetch(`${app.url}/api/onboarding/account-type`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie },
      body: JSON.stringify(therapistDetails),
    });
    expect(crossSite.status).toBe(403);

    const existing = await buildTherapist(db(), { status: 'pending' });
    const passwordCookie = await signIn(app.url, existing);
    const taken = await call('POST', '/api/onboarding/account-type', passwordCookie, { ...therapistDetails, userType: 'therapist' });
    expect(taken.status).toBe(409);
    const [row] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, existing.userId));
    expect(row?.disciplines).toEqual(['PT']);
  });

  it('never signs into an existing account with the same email: no session, no link', async () => {
    const existing = await buildTherapist(db());
    const person = socialUser({ email: existing.email });
    const { landed, cookie } = await socialSignIn(person);

    // better-auth refuses (linking is disabled) and sends the browser to our error URL.
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('socialError')).toBe('1');
    expect(landed.searchParams.get('error')).toBe('account_not_linked');
    expect(cookie).not.toContain('carerelay.session_token=');
    expect(await db().$count(session, eq(session.userId, existing.userId))).toBe(0);
    const rows = await db().select({ providerId: account.providerId }).from(account).where(eq(account.userId, existing.userId));
    expect(rows).toEqual([{ providerId: 'credential' }]);
    expect(await db().$count(user, eq(user.email, existing.email))).toBe(1);
    expect(await db().$count(account, eq(account.accountId, person.sub))).toBe(0);
    const [audit] = await db()
      .select({ outcome: auditLog.outcome, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.outcome, 'failure')));
    expect(audit?.details).toMatchObject({ method: 'social', provider: PROVIDER, error: 'account_not_linked' });
  });

  it('a social user with a verified TOTP factor is at aal1 after signing in, and blocked until passing it', async () => {
    const person = socialUser();
    const first = await socialSignIn(person);
    expect((await call('POST', '/api/onboarding/account-type', first.cookie, therapistDetails)).status).toBe(201);
    const enrolled = await enrolVerifiedTotp(app.url, first.cookie);

    const { cookie } = await socialSignIn(person);
    expect(await json(await call('GET', '/api/me', cookie))).toMatchObject({ aal: 'aal1', nextLevel: 'aal2' });
    for (const [method, path, body] of [
      ['GET', '/api/onboarding', undefined],
      ['PUT', '/api/onboarding', { userType: 'therapist' }],
    ] as const) {
      const blocked = await call(method, path, cookie, body);
      expect(blocked.status, `${method} ${path}`).toBe(403);
      expect((await json<{ error: { code: string } }>(blocked)).error.code).toBe('MFA_REQUIRED');
    }

    const challenge = await json<{ id: string }>(await call('POST', `/api/mfa/factors/${enrolled.factorId}/challenge`, cookie, {}));
    // The enrolment code was used: the authenticator's next code (within the allowed drift) is fresh.
    const passed = await call('POST', `/api/mfa/factors/${enrolled.factorId}/verify`, cookie, {
      challengeId: challenge.id,
      code: authenticatorCode(enrolled.secret, new Date(Date.now() + 30_000)),
    });
    expect(passed.status).toBe(200);
    expect(await json(await call('GET', '/api/me', cookie))).toMatchObject({ aal: 'aal2' });
    const saved = await call('PUT', '/api/onboarding', cookie, {
      userType: 'therapist',
      firstName: 'Sam',
      lastName: 'Social',
      npiNumber: npiWithCheckDigit('192837465'),
      licenseNumber: 'OT-1',
      licenseState: 'TX',
      licenseExpiry: '2031-05-31',
      rates: { evaluation: 150, treatment: 100, progress_report: 75, discharge: 100 },
      serviceRadiusMiles: 25,
    });
    expect(saved.status).toBe(200);
  });

  it('binds the code to the verifier only our server holds: the provider refuses it without the right one', async () => {
    const jar = new CookieJar();
    const authorize = await startSignIn(jar, socialUser());
    const { final: callback } = await followRedirects(authorize.toString(), jar, (url) => url.pathname.startsWith('/api/auth/callback/'));
    const discovery = await json<{ token_endpoint: string }>(await fetch(oidc.discoveryUrl));
    const stolen = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${app.url}/api/auth/callback/${PROVIDER}`,
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
        code_verifier: 'a'.repeat(64),
      }),
    });
    expect(stolen.status).toBe(400);
    expect(await json(stolen)).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an ID token posted directly (no PKCE, no state): sign-in only through the redirect flow', async () => {
    const person = socialUser();
    const { id_token } = await oidc.issueTokens(person.sub);
    const response = await fetch(`${app.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress() },
      body: JSON.stringify({ provider: PROVIDER, callbackURL: '/dashboard', idToken: { token: id_token } }),
    });
    // The same token would sign in without this rule (better-auth verifies it against the JWKS).
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: 'ID_TOKEN_SIGN_IN_DISABLED' } });
    expect(response.headers.getSetCookie().join(';')).not.toContain('carerelay.session_token=');
    expect(await db().$count(user, eq(user.email, person.email))).toBe(0);
  });

  it('refuses a callback whose state was tampered with, and the real one still works once', async () => {
    const jar = new CookieJar();
    const authorize = await startSignIn(jar, socialUser());
    const atCallback = (url: URL) => url.pathname === `/api/auth/callback/${PROVIDER}`;
    const { final: callback } = await followRedirects(authorize.toString(), jar, atCallback);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refused = await followRedirects(tampered.toString(), jar);
    expect(refused.hops[0]?.status).toBe(302);
    expect(refused.final.searchParams.get('error')).toBe('state_mismatch');
    expect(jar.appCookies()).not.toContain('carerelay.session_token=');

    const accepted = await followRedirects(callback.toString(), jar);
    expect(accepted.final.pathname).toBe('/onboarding');
    expect(jar.appCookies()).toContain('carerelay.session_token=');

    // A replayed callback (same state and code) is refused: the state was used up.
    const replay = await followRedirects(callback.toString(), new CookieJar());
    expect(replay.final.searchParams.get('error')).toBe('state_mismatch');
  });
});

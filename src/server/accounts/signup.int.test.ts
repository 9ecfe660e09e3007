import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { WebhookDouble } from '../../../test/webhook-double';
import { clientAddress } from '../../../test/factories';
import type { TestSmtpServer } from '../../../test/smtp';
import { authMessages } from '../../domain/auth';
import { signupMessages } from '../../domain/signup';
import { agencyProfiles, therapistProfiles, user, useraccounts } from '../db/schema/index';

let smtp: TestSmtpServer;
let webhook: WebhookDouble;
let app: TestApp;
let closeAppAndSmtp: () => Promise<void>;

beforeAll(async () => {
  webhook = new WebhookDouble(1);
  await webhook.start();
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp({
    THERAPIST_WEBHOOK_URL: webhook.url('/therapists'),
    AGENCY_WEBHOOK_URL: webhook.url('/agencies'),
  }));
});
afterAll(async () => {
  await closeAppAndSmtp();
  await webhook.stop();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    // Each call from its own client address unless a test says otherwise, so rate limits stay out of the way.
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress(), ...headers },
    body: JSON.stringify(body),
  });
}

const therapist = {
  userType: 'therapist',
  email: 'Jordan.Reyes@example.test',
  firstName: 'Jordan',
  lastName: 'Reyes',
  phone: '(512) 555-0134',
  zip: '78701',
  discipline: 'PT',
};

function linkIn(text: string): URL {
  const match = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return new URL(match[1]);
}

describe('sign-up', () => {
  it('creates the user, a pending account and the profile, and mails a link to set the password', async () => {
    const response = await post('/api/accounts/signup', therapist);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 'pending' });

    const { db } = app.runtime.database;
    const [account] = await db.select().from(useraccounts).where(eq(useraccounts.email, 'jordan.reyes@example.test'));
    expect(account).toMatchObject({ userType: 'therapist', status: 'pending' });
    const [profile] = await db.select().from(therapistProfiles).where(eq(therapistProfiles.id, account!.userId));
    // With the ZIP's centroid beside it, where matching measures from (geo/therapist-locations.ts).
    expect(profile).toMatchObject({ firstName: 'Jordan', lastName: 'Reyes', disciplines: ['PT'], zipCode: '78701', latitude: 30.2713, longitude: -97.7426 });

    const mail = await smtp.waitForMail((m) => m.to.includes('jordan.reyes@example.test'));
    expect(mail.subject).toBe('Welcome to CareRelay: set your password');
    expect(linkIn(mail.text).origin).toBe(app.url);
  });

  it('has no password anyone could sign in with until the user sets one', async () => {
    const response = await post('/api/auth/sign-in/email', { email: 'jordan.reyes@example.test', password: 'anything-at-all' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: authMessages.invalidCredentials } });
  });

  it('lets the user set a password from the mailed link, once, then sign in and see their pending account', async () => {
    const mail = await smtp.waitForMail((m) => m.to.includes('jordan.reyes@example.test'));
    const token = linkIn(mail.text).searchParams.get('token')!;

    const tooShort = await post('/api/auth/reset-password', { token, newPassword: 'Zq9!x' });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()) as unknown).toMatchObject({ error: { message: 'Password must be at least 6 characters' } });

    const set = await post('/api/auth/reset-password', { token, newPassword: 'Hamstring-Curl-42' });
    expect(set.status).toBe(200);
    const again = await post('/api/auth/reset-password', { token, newPassword: 'Another-Pass-43' });
    expect(await again.json()).toEqual({
      error: { code: 'INVALID_TOKEN', message: 'Invalid reset link. Please request a new password reset.' },
    });

    const signIn = await post('/api/auth/sign-in/email', { email: 'jordan.reyes@example.test', password: 'Hamstring-Curl-42' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('carerelay.session_token=');

    const me = await fetch(`${app.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'jordan.reyes@example.test', name: 'Jordan Reyes' },
      account: { userType: 'therapist', status: 'pending' },
    });
  });

  it('refuses an email that already has an account, whatever its case, with the seed message', async () => {
    const response = await post('/api/accounts/signup', { ...therapist, email: 'JORDAN.REYES@example.test' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'CONFLICT', message: signupMessages.emailTaken, fields: { email: signupMessages.emailTaken } },
    });
  });

  it('names every missing agency field with the seed messages and writes nothing', async () => {
    const before = await app.runtime.database.db.$count(user);
    const response = await post('/api/accounts/signup', { userType: 'agency' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      email: 'Email is required',
      companyName: 'Company name is required',
      phone: 'Phone is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'ZIP code is required',
    });
    expect(await app.runtime.database.db.$count(user)).toBe(before);
  });

  it('requires exactly one discipline from a therapist', async () => {
    const response = await post('/api/accounts/signup', { ...therapist, email: 'x@example.test', discipline: undefined });
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({ discipline: 'Please select a discipline' });
    const two = await post('/api/accounts/signup', { ...therapist, email: 'x@example.test', discipline: ['PT', 'OT'] });
    expect(((await two.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      discipline: 'Please select a discipline',
    });
  });

  it('checks that the ZIP exists and lies in the agency state', async () => {
    const agency = {
      userType: 'agency',
      email: 'intake@sunrise.test',
      companyName: 'Sunrise Home Health',
      phone: '512-555-0100',
      address: '100 Congress Ave',
      city: 'Austin',
      state: 'FL',
      zip: '78701',
    };
    const wrongState = await post('/api/accounts/signup', agency);
    expect(((await wrongState.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      zip: 'ZIP code 78701 is not in FL',
    });
    const unknown = await post('/api/accounts/signup', { ...agency, state: 'TX', zip: '00000' });
    expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      zip: 'Please enter a valid ZIP code',
    });
    const ok = await post('/api/accounts/signup', { ...agency, state: 'TX' });
    expect(ok.status).toBe(201);
    const [profile] = await app.runtime.database.db.select().from(agencyProfiles).where(eq(agencyProfiles.contactEmail, 'intake@sunrise.test'));
    expect(profile).toMatchObject({ companyName: 'Sunrise Home Health', state: 'TX', status: 'pending' });
  });

  it('tells the team chat about each sign-up, retrying when the webhook is down', async () => {
    await expect.poll(() => webhook.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const toTherapists = webhook.received.find((r) => r.path === '/therapists');
    expect(toTherapists?.body.content).toContain('Jordan Reyes');
    expect(toTherapists?.body.content).toContain('jordan.reyes@example.test');
    expect(toTherapists?.body.content).toContain('(512) 555-0134');
    expect(toTherapists?.body.content).toContain('Austin, TX 78701');
    expect(toTherapists?.body.content).toContain('PT');
    expect(toTherapists?.body.username).toBeTruthy();
    expect(toTherapists?.body.avatar_url).toMatch(/^http/);
    const toAgencies = webhook.received.find((r) => r.path === '/agencies');
    expect(toAgencies?.body.content).toContain('Sunrise Home Health');
  });
});

describe('sign-up rate limit', () => {
  it('allows 5 sign-ups per client address in 10 minutes', async () => {
    const attempt = (n: number) =>
      post('/api/accounts/signup', { ...therapist, email: `burst${n}@example.test` }, { 'x-forwarded-for': '198.51.100.44' });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await attempt(n)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await post('/api/accounts/signup', { ...therapist, email: 'other-client@example.test' }, { 'x-forwarded-for': '198.51.100.45' })).status).toBe(201);
  });
});

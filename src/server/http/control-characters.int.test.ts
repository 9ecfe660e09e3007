import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, clientAddress, DEFAULT_PASSWORD, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { referralInput } from '../../../test/referrals';
import { controlCharacterMessage } from './control-characters';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

/** An anonymous JSON post, each from its own client address so per-address limits stay out of the way. */
function postAnonymously(path: string, body: unknown) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
}

async function expectRefused(response: Response, field: string) {
  expect(response.status).toBe(400);
  expect(await errorOf(response)).toEqual({ code: 'VALIDATION', message: controlCharacterMessage, fields: { [field]: controlCharacterMessage } });
}

const contact = { name: 'Ada Lovelace', email: 'ada@example.test', userType: 'agency', subject: 'Question', message: 'Hello' };

describe('control characters in anonymous requests', () => {
  it('the contact form refuses a NUL in the message, naming it', async () => {
    await expectRefused(await postAnonymously('/api/contact', { ...contact, message: 'Hello\u0000there' }), 'message');
  });

  it('a lead refuses a NUL in the name, naming it', async () => {
    const lead = { name: 'Ada\u0000 Lovelace', email: 'ada@example.test', organisation: 'Analytical Care', role: 'agency' };
    await expectRefused(await postAnonymously('/api/leads', lead), 'name');
  });

  it('sign-up refuses a NUL in the last name, naming it', async () => {
    const signup = { userType: 'therapist', email: 'jordan@example.test', firstName: 'Jordan', lastName: 'Re\u0000yes', phone: '(512) 555-0134', zip: '78701', discipline: 'PT' };
    await expectRefused(await postAnonymously('/api/accounts/signup', signup), 'lastName');
  });

  it("better-auth's sign-in refuses a NUL in the e-mail, naming it", async () => {
    await expectRefused(await postAnonymously('/api/auth/sign-in/email', { email: 'ada\u0000@example.test', password: DEFAULT_PASSWORD }), 'email');
  });

  it('refuses other control characters too, but lets tabs and line breaks through', async () => {
    await expectRefused(await postAnonymously('/api/contact', { ...contact, subject: 'Form\u000cfeed' }), 'subject');
    expect((await postAnonymously('/api/contact', { ...contact, message: 'Line one\r\n\tLine two' })).status).toBe(201);
  });
});

describe('control characters in signed-in requests', () => {
  it('a referral refuses a NUL in the clinical summary, named as its other field errors are', async () => {
    const cookie = await signIn(app.url, await buildAgency(db()));
    const body = { referral: referralInput({ clinicalSummary: 'Knee replacement\u0000 rehab' }), post: false };
    await expectRefused(await callApi(app.url, 'POST', '/api/referrals', { cookie, body }), 'clinicalSummary');
  });

  it('a path parameter with a NUL is refused, naming it', async () => {
    const cookie = await sessionCookie(app, await buildAgency(db()));
    await expectRefused(await callApi(app.url, 'GET', '/api/referrals/abc%00def/patient', { cookie }), 'id');
  });

  it("a manager's therapist search refuses a NUL in the query string, naming it", async () => {
    const cookie = await sessionCookie(app, await buildManager(db()));
    await expectRefused(await callApi(app.url, 'GET', `/api/admin/referrals/${randomUUID()}/eligibility?q=Ann%00`, { cookie }), 'q');
  });

  it('the check comes after authentication: a signed-out caller is told to sign in', async () => {
    const response = await callApi(app.url, 'POST', '/api/referrals', { body: { referral: referralInput({ clinicalSummary: '\u0000' }) } });
    expect(response.status).toBe(401);
  });
});

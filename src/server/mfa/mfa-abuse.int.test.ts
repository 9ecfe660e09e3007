import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { enrolVerifiedTotp } from '../../../test/mfa';
import { authenticatorCode } from '../../../test/rfc6238';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const post = (path: string, cookie: string, body: unknown = {}) => callApi(app.url, 'POST', path, { cookie, body });
const WRONG_TOTP = 'Invalid code. Check your authenticator app and try again.';

/** A therapist with a verified authenticator app. */
async function userWithTotp() {
  const person = await buildTherapist(db());
  return { person, ...(await enrolVerifiedTotp(app.url, await signIn(app.url, person))) };
}

/**
 * One after another: simultaneous sign-ins to one account from unknown browsers are held back like
 * a burst of guesses (the per-account sign-in limit).
 */
async function sessionsOf(person: { email: string; password: string }, count: number) {
  const sessions: string[] = [];
  for (let i = 0; i < count; i += 1) sessions.push(await signIn(app.url, person));
  return sessions;
}

async function challengeIn(cookie: string, factorId: string) {
  const response = await post(`/api/mfa/factors/${factorId}/challenge`, cookie);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('one code, many sessions at once', () => {
  it('accepts an authenticator code in exactly one of 20 sessions verifying it concurrently', async () => {
    const { person, factorId, secret } = await userWithTotp();
    const sessions = await sessionsOf(person, 20);
    const challenges = await Promise.all(sessions.map((cookie) => challengeIn(cookie, factorId)));

    const code = authenticatorCode(secret);
    const answers = await Promise.all(
      sessions.map((cookie, i) => post(`/api/mfa/factors/${factorId}/verify`, cookie, { challengeId: challenges[i], code })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
    // A replay reads exactly like a wrong code.
    const refused = await Promise.all(answers.filter((a) => a.status === 400).map((a) => errorOf(a)));
    expect(new Set(refused.map((e) => e.message))).toEqual(new Set([WRONG_TOTP]));
    const levels = await Promise.all(sessions.map(async (cookie) => ((await (await callApi(app.url, 'GET', '/api/me', { cookie })).json()) as { aal: string }).aal));
    expect(levels.filter((aal) => aal === 'aal2')).toHaveLength(1);
  });

  it('accepts a backup code in exactly one of 20 sessions using it concurrently', async () => {
    const { person, backupCodes } = await userWithTotp();
    const sessions = await sessionsOf(person, 20);
    const answers = await Promise.all(sessions.map((cookie) => post('/api/mfa/backup-codes/verify', cookie, { code: backupCodes[0] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
  });
});

describe('second-factor attempt limits', () => {
  it('counts each wrong code against its challenge even when 10 arrive at once', async () => {
    const { person, factorId, secret } = await userWithTotp();
    const cookie = await signIn(app.url, person);
    const challengeId = await challengeIn(cookie, factorId);
    const wrong = authenticatorCode(secret) === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/api/mfa/factors/${factorId}/verify`, cookie, { challengeId, code: wrong })));
    const messages = (await Promise.all(answers.map((a) => errorOf(a)))).map((e) => e.message);
    expect(messages.filter((m) => m === WRONG_TOTP)).toHaveLength(5);
    expect(messages.filter((m) => m === 'Too many wrong codes. Request a new code.')).toHaveLength(5);
  });

  it('a burst of wrong codes in one session does not stop the real user verifying in another', async () => {
    const { person, factorId, secret } = await userWithTotp();
    const attacker = await signIn(app.url, person);
    const wrong = authenticatorCode(secret) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const challengeId = await challengeIn(attacker, factorId);
      for (let i = 0; i < 5; i += 1) statuses.push((await post(`/api/mfa/factors/${factorId}/verify`, attacker, { challengeId, code: wrong })).status);
    }
    // The attacker's session is slowed…
    expect(statuses).toContain(429);

    // …the owner's own session is not.
    const owner = await signIn(app.url, person);
    const challengeId = await challengeIn(owner, factorId);
    const verified = await post(`/api/mfa/factors/${factorId}/verify`, owner, { challengeId, code: authenticatorCode(secret) });
    expect(verified.status).toBe(200);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi } from '../../../test/http';
import { authenticatorCode } from '../../../test/rfc6238';
import { TwilioDouble } from '../../../test/twilio-double';
import { auditLog, mfaFactors, smsMessages } from '../db/schema/index';

let app: TestApp;
let twilio: TwilioDouble;
beforeAll(async () => {
  twilio = new TwilioDouble({ failures: 1 });
  await twilio.start();
  app = await startTestApp(twilio.env);
});
afterAll(async () => {
  await app.close();
  await twilio.stop();
});

const db = () => app.runtime.database.db;
const call = (method: string, path: string, cookie: string, body?: unknown) => callApi(app.url, method, path, { cookie, body });
async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Enrolled {
  id: string;
  totp: { secret: string; uri: string; qrCode: string } | null;
}

async function enrolTotp(cookie: string, friendlyName = 'Work phone') {
  const enrolled = await json<Enrolled>(await call('POST', '/api/mfa/factors', cookie, { factorType: 'totp', friendlyName }));
  const challenge = await json<{ id: string }>(await call('POST', `/api/mfa/factors/${enrolled.id}/challenge`, cookie, {}));
  return { enrolled, challenge };
}

describe('without a session', () => {
  it('answers 401 on every factor endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', '/api/mfa/factors'],
      ['POST', '/api/mfa/factors', { factorType: 'totp', friendlyName: 'Phone' }],
      ['POST', `/api/mfa/factors/${id}/challenge`, {}],
      ['POST', `/api/mfa/factors/${id}/verify`, { challengeId: id, code: '123456' }],
      ['DELETE', `/api/mfa/factors/${id}`],
      ['POST', '/api/mfa/backup-codes/verify', { code: '12345-67890' }],
      ['POST', '/api/mfa/backup-codes', {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(method, path, '', body);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('TOTP factor', () => {
  it('enrols with a QR code, verifies with an authenticator code, raises the session to aal2 and returns backup codes once', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(app.url, t);
    const { enrolled, challenge } = await enrolTotp(cookie);
    expect(enrolled.totp?.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolled.totp?.uri).toContain('otpauth://totp/CareRelay:');
    // The secret is stored encrypted, not as the base32 the user saw.
    const [row] = await db().select().from(mfaFactors).where(eq(mfaFactors.id, enrolled.id));
    expect(row?.secretCiphertext).not.toContain(enrolled.totp!.secret);

    const wrong = await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, cookie, { challengeId: challenge.id, code: '000000' });
    expect(wrong.status).toBe(400);

    const code = authenticatorCode(enrolled.totp!.secret);
    const verified = await json<{ aal: string; backupCodes: string[] }>(
      await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, cookie, { challengeId: challenge.id, code }),
    );
    expect(verified.aal).toBe('aal2');
    expect(verified.backupCodes).toHaveLength(10);
    const me = await json<{ aal: string; nextLevel: string }>(await call('GET', '/api/me', cookie));
    expect(me).toMatchObject({ aal: 'aal2', nextLevel: 'aal2' });
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'mfa.factor_verified'), eq(auditLog.actorUserId, t.userId)))).toBe(1);
  });

  it('requires the factor at the next sign-in, accepts a code once, and a backup code once', async () => {
    const t = await buildTherapist(db());
    const first = await signIn(app.url, t);
    const { enrolled, challenge } = await enrolTotp(first);
    const setup = await json<{ backupCodes: string[] }>(
      await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, first, { challengeId: challenge.id, code: authenticatorCode(enrolled.totp!.secret) }),
    );

    const cookie = await signIn(app.url, t);
    expect(await json<{ aal: string; nextLevel: string }>(await call('GET', '/api/me', cookie))).toMatchObject({ aal: 'aal1', nextLevel: 'aal2' });
    // Anything beyond status and the challenge itself needs aal2.
    const blocked = await call('POST', '/api/mfa/backup-codes', cookie, {});
    expect(blocked.status).toBe(403);
    expect((await json<{ error: { code: string } }>(blocked)).error.code).toBe('MFA_REQUIRED');

    // The code just used at enrolment is refused: a TOTP code works once.
    const replayChallenge = await json<{ id: string }>(await call('POST', `/api/mfa/factors/${enrolled.id}/challenge`, cookie, {}));
    const replay = await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, cookie, {
      challengeId: replayChallenge.id,
      code: authenticatorCode(enrolled.totp!.secret),
    });
    expect(replay.status).toBe(400);

    const backup = setup.backupCodes[0]!;
    expect((await call('POST', '/api/mfa/backup-codes/verify', cookie, { code: backup })).status).toBe(200);
    expect(await json<{ aal: string }>(await call('GET', '/api/me', cookie))).toMatchObject({ aal: 'aal2' });
    const again = await signIn(app.url, t);
    expect((await call('POST', '/api/mfa/backup-codes/verify', again, { code: backup })).status).toBe(400);
  });

  it('needs aal2 to add or remove a factor once one is verified, and hides other users’ factors', async () => {
    const t = await buildTherapist(db());
    const first = await signIn(app.url, t);
    const { enrolled, challenge } = await enrolTotp(first);
    await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, first, { challengeId: challenge.id, code: authenticatorCode(enrolled.totp!.secret) });

    const aal1 = await signIn(app.url, t);
    expect((await call('POST', '/api/mfa/factors', aal1, { factorType: 'totp', friendlyName: 'Tablet' })).status).toBe(403);
    expect((await call('DELETE', `/api/mfa/factors/${enrolled.id}`, aal1)).status).toBe(403);

    const other = await signIn(app.url, await buildAgency(db()));
    expect((await call('DELETE', `/api/mfa/factors/${enrolled.id}`, other)).status).toBe(404);
    expect((await call('POST', `/api/mfa/factors/${enrolled.id}/challenge`, other, {})).status).toBe(404);

    expect((await call('DELETE', `/api/mfa/factors/${enrolled.id}`, first)).status).toBe(204);
    expect(await json<{ factors: unknown[]; unusedBackupCodes: number }>(await call('GET', '/api/mfa/factors', first))).toMatchObject({
      factors: [],
      unusedBackupCodes: 0,
    });
  });

  it('names the field when the name is missing or taken', async () => {
    const cookie = await signIn(app.url, await buildTherapist(db()));
    const missing = await call('POST', '/api/mfa/factors', cookie, { factorType: 'totp', friendlyName: ' ' });
    expect((await json<{ error: { fields: Record<string, string> } }>(missing)).error.fields).toEqual({ friendlyName: 'Please name this factor' });
    await call('POST', '/api/mfa/factors', cookie, { factorType: 'totp', friendlyName: 'Phone' });
    const taken = await call('POST', '/api/mfa/factors', cookie, { factorType: 'totp', friendlyName: 'Phone' });
    expect(taken.status).toBe(409);
  });
});

describe('phone factor', () => {
  it('texts a code through the SMS provider (retrying an outage), accepts it, caps attempts', async () => {
    const t = await buildTherapist(db());
    const cookie = await signIn(app.url, t);
    const enrolled = await json<Enrolled>(await call('POST', '/api/mfa/factors', cookie, { factorType: 'phone', friendlyName: 'Mobile', phone: '(512) 555-0199' }));
    const challenge = await json<{ id: string; expiresAt: string }>(await call('POST', `/api/mfa/factors/${enrolled.id}/challenge`, cookie, {}));
    expect(new Date(challenge.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    await expect.poll(() => twilio.messages.length, { timeout: 20_000 }).toBe(1);
    const sms = twilio.messages[0]!;
    expect(sms.to).toBe('+15125550199');
    expect(sms.from).toBe('+15125550000');
    expect(sms.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    const code = /(\d{6})/.exec(sms.body)![1]!;
    // The provider has the text before the job records its answer: wait for the row to say so.
    await expect
      .poll(async () => (await db().select().from(smsMessages).where(eq(smsMessages.toNumber, '+15125550199')))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'sent', attempts: 2 });

    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      expect((await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, cookie, { challengeId: challenge.id, code: wrong })).status).toBe(400);
    }
    // After five wrong codes even the right one is refused: a new code must be requested.
    const capped = await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, cookie, { challengeId: challenge.id, code });
    expect((await json<{ error: { message: string } }>(capped)).error.message).toBe('Too many wrong codes. Request a new code.');

    const fresh = await json<{ id: string }>(await call('POST', `/api/mfa/factors/${enrolled.id}/challenge`, cookie, {}));
    await expect.poll(() => twilio.messages.length, { timeout: 20_000 }).toBe(2);
    const freshCode = /(\d{6})/.exec(twilio.messages[1]!.body)![1]!;
    const ok = await call('POST', `/api/mfa/factors/${enrolled.id}/verify`, cookie, { challengeId: fresh.id, code: freshCode });
    expect(ok.status).toBe(200);
    expect((await json<{ factors: Array<{ phone: string; status: string }> }>(await call('GET', '/api/mfa/factors', cookie))).factors[0]).toMatchObject({
      phone: '••• ••• 0199',
      status: 'verified',
    });
  });
});

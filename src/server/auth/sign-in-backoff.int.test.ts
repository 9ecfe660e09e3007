import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, clientAddress, signIn } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import { auditLog, mailMessages, rateLimit } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

/** A sign-in from its own address each time, as from a botnet: better-auth's per-address limit never applies. */
function attempt(email: string, password: string, cookie?: string) {
  return fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
const knownDeviceOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('carerelay.known_device_'));

async function wrongPasswords(email: string, count: number) {
  for (let i = 0; i < count; i += 1) expect((await attempt(email, 'not-the-password')).status).toBe(401);
}

/** Moves the accounts' last failures and mails back in time, as if the wait had passed. */
const letTimePass = (seconds: number) =>
  db()
    .update(rateLimit)
    .set({ lastRequest: sql`${rateLimit.lastRequest} - ${seconds * 1000}` })
    .where(like(rateLimit.key, 'sign-in-%'));

describe('wrong passwords for one account from many addresses', () => {
  it('are slowed after five, with a clear message and retry-after, the right password included', async () => {
    const owner = await buildTherapist(db());
    await wrongPasswords(owner.email, 5);

    const slowed = await attempt(owner.email, 'not-the-password');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await errorOf(slowed)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong passwords for this account. Try again in 1 minute, or open the link we emailed to the account’s address.',
    });
    // From a browser the account has never signed in from, even the right password waits.
    expect((await attempt(owner.email, owner.password)).status).toBe(429);
    // Other accounts are not affected.
    await signIn(app.url, await buildAgency(db()));
  });

  it('wait twice as long after each further failure, and a right password after the wait clears the count', async () => {
    const owner = await buildTherapist(db());
    await wrongPasswords(owner.email, 5);
    await letTimePass(61);
    await wrongPasswords(owner.email, 1);
    const longer = await attempt(owner.email, 'not-the-password');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(110);

    await letTimePass(121);
    expect((await attempt(owner.email, owner.password)).status).toBe(200);
    // Back to five free attempts.
    await wrongPasswords(owner.email, 5);
  });

  it('are counted one by one even when 20 arrive at once', async () => {
    const owner = await buildTherapist(db());
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(owner.email, 'not-the-password')));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
  });

  it('count the same for an address without an account (the answer tells nothing)', async () => {
    await wrongPasswords('nobody@example.test', 5);
    expect((await attempt('Nobody@Example.test', 'not-the-password')).status).toBe(429);
    expect(await db().$count(mailMessages, eq(mailMessages.toAddress, 'nobody@example.test'))).toBe(0);
  });
});

describe('the account’s owner', () => {
  it('signs in with the right password from a device that signed in before, and whoever is guessing stays slowed', async () => {
    const owner = await buildTherapist(db());
    const earlier = await attempt(owner.email, owner.password);
    const device = knownDeviceOf(earlier);
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Path=\/api\/auth\/sign-in/);
    const deviceCookie = device!.split(';')[0]!;

    await wrongPasswords(owner.email, 5);
    expect((await attempt(owner.email, owner.password)).status).toBe(429);
    const known = await attempt(owner.email, owner.password, deviceCookie);
    expect(known.status).toBe(200);
    expect((await callMe(cookiesOf(known))).status).toBe(200);
    expect((await attempt(owner.email, 'not-the-password')).status).toBe(429);

    // A device cookie is the account's own: forged or another account's is worth nothing.
    const forged = deviceCookie.replace(/=(\d+)\./, (_, issued: string) => `=${Number(issued) + 1}.`);
    expect((await attempt(owner.email, owner.password, forged)).status).toBe(429);
  });

  it('is mailed an unlock link once per wait, which lets the browser that opens it sign in', async () => {
    const owner = await buildTherapist(db());
    await wrongPasswords(owner.email, 5);
    for (let i = 0; i < 3; i += 1) expect((await attempt(owner.email, 'not-the-password')).status).toBe(429);

    const mails = await db().select().from(mailMessages).where(eq(mailMessages.toAddress, owner.email));
    expect(mails).toHaveLength(1);
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_in_slowed'), eq(auditLog.entityId, owner.userId)));
    expect(audited).toMatchObject([{ outcome: 'failure', details: { failures: 5, waitSeconds: 60 } }]);
    expect(mails[0]!.textBody).not.toContain('not-the-password');
    const link = /(http\S+\/api\/auth\/unlock-sign-in\?token=\S+)/.exec(mails[0]!.textBody)![1]!;

    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    const unlocked = await attempt(owner.email, owner.password, knownDeviceOf(opened)!.split(';')[0]);
    expect(unlocked.status).toBe(200);

    const tampered = await fetch(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), { redirect: 'manual' });
    expect(tampered.status).toBe(400);
    expect((await errorOf(tampered)).fields).toHaveProperty('token');

    // After the wait, new failures bring one new mail.
    await letTimePass(61);
    await wrongPasswords(owner.email, 1);
    expect(await db().$count(mailMessages, eq(mailMessages.toAddress, owner.email))).toBe(2);
  });
});

const callMe = (cookie: string) => fetch(`${app.url}/api/me`, { headers: { cookie } });

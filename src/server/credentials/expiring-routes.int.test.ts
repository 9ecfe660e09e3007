import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import type { ExpiringCredentialList } from '../../domain/credential-expiry';
import { addDaysToKey } from '../../domain/time-zones';
import { credentialReminders, therapistCredentials } from '../db/schema/index';
import { todayIn } from '../referrals/eligibility';

/** GET /api/admin/expiring-credentials: the managers' "Expiring soon" list. */

let app: TestApp;
const who: Record<'manager' | 'managerAal1' | 'agency' | 'therapist' | 'pendingTherapist', SignedIn> = {} as never;
const db = () => app.runtime.database.db;
const today = () => todayIn();
const PATH = '/api/admin/expiring-credentials';

async function licenseOf(therapistId: string) {
  const [row] = await db()
    .select()
    .from(therapistCredentials)
    .where(and(eq(therapistCredentials.therapistId, therapistId), eq(therapistCredentials.kind, 'state_license')));
  if (!row) throw new Error('no license');
  return row;
}

let soon: Awaited<ReturnType<typeof buildTherapist>>;
let lapsed: Awaited<ReturnType<typeof buildTherapist>>;
let pending: Awaited<ReturnType<typeof buildTherapist>>;
let renewing: Awaited<ReturnType<typeof buildTherapist>>;
let renewed: Awaited<ReturnType<typeof buildTherapist>>;

beforeAll(async () => {
  app = await startTestApp();
  soon = await buildTherapist(db(), { firstName: 'Sam', lastName: 'Soon', licenseExpiry: addDaysToKey(today(), 7) });
  lapsed = await buildTherapist(db(), { firstName: 'Lee', lastName: 'Lapsed', licenseExpiry: addDaysToKey(today(), -3) });
  // Beyond the 60 days: not listed.
  await buildTherapist(db(), { firstName: 'Lou', lastName: 'Later', licenseExpiry: addDaysToKey(today(), 61) });
  pending = await buildTherapist(db(), { firstName: 'Pat', lastName: 'Pending', status: 'pending', licenseExpiry: addDaysToKey(today(), 5) });
  renewing = await buildTherapist(db(), { firstName: 'Rae', lastName: 'Renewing', licenseExpiry: addDaysToKey(today(), 20) });
  renewed = await buildTherapist(db(), { firstName: 'Ren', lastName: 'Renewed', licenseExpiry: addDaysToKey(today(), 40) });
  // Lapsed: the daily job has marked it.
  await db().update(therapistCredentials).set({ status: 'expired' }).where(eq(therapistCredentials.id, (await licenseOf(lapsed.userId)).id));
  // Renewing: a later license submitted, awaiting verification. Renewed: a later one already verified.
  for (const [person, status] of [[renewing, 'submitted'], [renewed, 'verified']] as const) {
    const { id: _id, submittedAt: _s, updatedAt: _u, ...copy } = await licenseOf(person.userId);
    await db().insert(therapistCredentials).values({ ...copy, status, expiresOn: addDaysToKey(today(), 800) });
  }
  // The 7-day reminder went out for Sam's license.
  const soonLicense = await licenseOf(soon.userId);
  await db().insert(credentialReminders).values({ credentialId: soonLicense.id, daysBefore: 7, expiresOn: soonLicense.expiresOn! });

  const manager = await buildManager(db());
  who.manager = await session(app, manager);
  who.managerAal1 = await session(app, await buildManager(db()), 'aal1');
  who.agency = await session(app, await buildAgency(db()));
  who.therapist = await session(app, soon);
  who.pendingTherapist = await session(app, pending);
});
afterAll(async () => {
  await app.close();
});

const get = (person?: SignedIn) => callApi(app.url, 'GET', PATH, person ? { cookie: person.cookie, ip: person.ip } : {});

describe('who may see the list', () => {
  it('refuses a request without a session (401)', async () => {
    await refused(await get(), 401, 'UNAUTHENTICATED');
  });
  it('refuses an agency, a therapist (even one on the list) and a pending account (403)', async () => {
    for (const person of [who.agency, who.therapist, who.pendingTherapist]) await refused(await get(person), 403, 'FORBIDDEN');
  });
  it('tells a manager without a second factor in this session to verify one (403 MFA_REQUIRED)', async () => {
    await refused(await get(who.managerAal1), 403, 'MFA_REQUIRED');
  });
});

describe('what a manager sees', () => {
  it("lists approved therapists' credentials expired or expiring within 60 days, soonest first, with the reminder sent", async () => {
    const list = await ok<ExpiringCredentialList>(await get(who.manager));
    expect(list.today).toBe(today());
    const rows = list.items.map((item) => `${item.therapistName} · ${item.label} · ${item.daysLeft} · ${item.status}`);
    expect(rows).toEqual([
      'Lee Lapsed · Texas state license · -3 · expired',
      'Sam Soon · Texas state license · 7 · verified',
      'Rae Renewing · Texas state license · 20 · verified',
    ]);
    const [lee, sam, rae] = list.items;
    expect(sam).toMatchObject({ therapistId: soon.userId, kind: 'state_license', issuer: 'TX', expiresOn: addDaysToKey(today(), 7), renewalSubmitted: false });
    expect(sam?.lastReminder).toMatchObject({ daysBefore: 7 });
    expect(lee?.lastReminder).toBeNull();
    expect(rae?.renewalSubmitted).toBe(true);
  });

  it('never sends a credential number or document', async () => {
    const body = await (await get(who.manager)).text();
    expect(body).not.toContain('LIC-');
    expect(body).not.toContain('1234567893');
  });
});

describe("the managers' Needs your attention", () => {
  it('counts the credentials expired or expiring within 7 days and leads to the list', async () => {
    const attention = await ok<{ items: { kind: string; label: string; link: string }[] }>(
      await callApi(app.url, 'GET', '/api/admin/attention', { cookie: who.manager.cookie, ip: who.manager.ip }),
    );
    expect(attention.items.find((item) => item.kind === 'credentials_expiring')).toEqual({
      kind: 'credentials_expiring',
      count: 2,
      label: '2 credentials expired or expiring within 7 days',
      link: '/dashboard/admin/expiring-credentials',
    });
  });
});

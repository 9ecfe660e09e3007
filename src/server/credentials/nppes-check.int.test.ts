import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { NppesDouble, nppesRecord } from '../../../test/nppes-double';
import { waitFor } from '../../../test/payment-fixtures';
import { session, type SignedIn } from '../../../test/people';
import { primarySourceChecks, therapistCredentials, userProfiles } from '../db/schema/index';
import { createNppesHttpRegistry, NppesUnreachableError } from './nppes-registry';

/**
 * The NPPES check against a local double of the NPI Registry API: a clear answer verifies the NPI
 * (method 'nppes'), each mismatch goes to review with its reason, and a registry that cannot be
 * reached is recorded as unreachable and retried, never verified.
 */

const nppes = new NppesDouble();
let app: TestApp;
let manager: SignedIn;
const db = () => app.runtime.database.db;

beforeAll(async () => {
  await nppes.start();
  // Two retries, a second apart: enough to see an outage ridden out.
  app = await startTestApp({ ...nppes.env, JOB_RETRY_LIMIT: '2' });
  manager = await session(app, await buildManager(db()));
});
afterAll(async () => {
  await app?.close();
  await nppes.stop();
});

let npiSequence = 100;
/** A therapist whose NPI credential awaits verification, with an NPI of their own. */
async function therapistWithNpi(options: { firstName?: string; lastName?: string; discipline?: 'PT' | 'OT' } = {}) {
  const therapist = await buildTherapist(db(), { credentials: 'submitted', status: 'pending', ...options });
  const npi = `1${String(npiSequence++).padStart(9, '0')}`;
  await db().update(therapistCredentials).set({ number: npi }).where(and(eq(therapistCredentials.therapistId, therapist.userId), eq(therapistCredentials.kind, 'npi')));
  await db().update(userProfiles).set({ npiNumber: npi }).where(eq(userProfiles.id, therapist.userId));
  return { ...therapist, npi };
}

const checkAgain = (therapistId: string, who: SignedIn | null = manager) =>
  callApi(app.url, 'POST', `/api/admin/therapists/${therapistId}/nppes-check`, { cookie: who?.cookie, ip: who?.ip });

async function npiCredential(therapistId: string) {
  const [row] = await db().select().from(therapistCredentials).where(and(eq(therapistCredentials.therapistId, therapistId), eq(therapistCredentials.kind, 'npi')));
  return row!;
}

async function checksOf(therapistId: string) {
  return db().select().from(primarySourceChecks).where(and(eq(primarySourceChecks.therapistId, therapistId), eq(primarySourceChecks.source, 'nppes'))).orderBy(desc(primarySourceChecks.checkedAt));
}

const latestCheck = (therapistId: string, outcome?: string) =>
  waitFor(async () => {
    const [latest] = await checksOf(therapistId);
    return latest && (!outcome || latest.outcome === outcome) ? latest : undefined;
  }, 20_000, `an NPPES check${outcome ? ` (${outcome})` : ''}`);

describe('checking an NPI with NPPES', () => {
  it('verifies an NPI that NPPES knows as active, in the therapist’s name, with their discipline’s taxonomy', async () => {
    const therapist = await therapistWithNpi({ firstName: 'Robin', lastName: 'Okafor' });
    nppes.add(nppesRecord({ npi: therapist.npi, firstName: 'ROBIN', lastName: 'OKAFOR' }));
    await ok(await checkAgain(therapist.userId), 202);

    const check = await latestCheck(therapist.userId);
    expect(check.outcome).toBe('clear');
    expect(check.detail).toContain(`NPI ${therapist.npi} is active in NPPES for ROBIN OKAFOR, taxonomy 225100000X`);
    expect(check.detail).not.toContain('stand-in');
    const credential = await npiCredential(therapist.userId);
    expect(credential).toMatchObject({ status: 'verified', verifiedBy: 'nppes', verificationMethod: 'nppes' });
    expect(credential.verificationSource).toBe(`${nppes.url}?version=2.1&number=${therapist.npi}`);
  });

  it.each([
    ['a name that does not agree', { lastName: 'SOMEONE-ELSE' }, 'NPPES names ROBIN SOMEONE-ELSE, not Robin Okafor'],
    ['an inactive number', { status: 'D' }, 'not active'],
    ['a taxonomy of another discipline', { taxonomy: '225X00000X', desc: 'Occupational Therapist' }, 'no taxonomy for Physical Therapist (225100000X)'],
  ])('sends %s to review, naming it, and leaves the NPI awaiting a manager', async (_, change, reason) => {
    const therapist = await therapistWithNpi({ firstName: 'Robin', lastName: 'Okafor' });
    nppes.add(nppesRecord({ npi: therapist.npi, firstName: 'ROBIN', lastName: 'OKAFOR', ...change }));
    await ok(await checkAgain(therapist.userId), 202);
    const check = await latestCheck(therapist.userId);
    expect(check.outcome).toBe('review');
    expect(check.detail).toContain(reason);
    expect((await npiCredential(therapist.userId)).status).toBe('submitted');
  });

  it('sends a number NPPES does not know to review', async () => {
    const therapist = await therapistWithNpi();
    await ok(await checkAgain(therapist.userId), 202);
    const check = await latestCheck(therapist.userId);
    expect(check).toMatchObject({ outcome: 'review' });
    expect(check.detail).toContain('not found in NPPES (unknown or deactivated)');
    expect((await npiCredential(therapist.userId)).status).toBe('submitted');
  });

  it('records an unreachable registry, retries, and verifies only once NPPES answers', async () => {
    const therapist = await therapistWithNpi({ firstName: 'Jo', lastName: 'Park' });
    nppes.add(nppesRecord({ npi: therapist.npi, firstName: 'JO', lastName: 'PARK' }));
    nppes.failures = 2;
    await ok(await checkAgain(therapist.userId), 202);

    const clear = await latestCheck(therapist.userId, 'clear');
    const outcomes = (await checksOf(therapist.userId)).map((c) => c.outcome).reverse();
    expect(outcomes).toEqual(['unreachable', 'unreachable', 'clear']);
    const [, unreachable] = (await checksOf(therapist.userId)).reverse();
    expect(unreachable!.detail).toContain('NPPES could not be reached');
    expect(unreachable!.detail).toContain('HTTP 503');
    expect(unreachable!.detail).toContain('The NPI stays awaiting verification');
    expect(clear.checkedAt.getTime()).toBeGreaterThan(unreachable!.checkedAt.getTime());
    expect((await npiCredential(therapist.userId)).status).toBe('verified');
  });

  it('never verifies while the registry stays down: the last retry says a manager can check again', async () => {
    const therapist = await therapistWithNpi({ firstName: 'Lee', lastName: 'Ward' });
    nppes.add(nppesRecord({ npi: therapist.npi, firstName: 'LEE', lastName: 'WARD' }));
    nppes.failures = 3;
    await ok(await checkAgain(therapist.userId), 202);
    await waitFor(async () => (await checksOf(therapist.userId)).length === 3, 20_000, 'three tries');
    const checks = await checksOf(therapist.userId);
    expect(checks.every((c) => c.outcome === 'unreachable')).toBe(true);
    expect(checks[0]!.detail).toContain('No more tries are left; a manager can check again.');
    expect((await npiCredential(therapist.userId)).status).toBe('submitted');
  });

  it('counts a registry that does not answer in time as unreachable', async () => {
    nppes.hang = true;
    try {
      const registry = createNppesHttpRegistry(nppes.url, { timeoutMs: 300 });
      await expect(registry.lookup('1234567893')).rejects.toThrow(NppesUnreachableError);
      await expect(registry.lookup('1234567893')).rejects.toThrow('no answer within the time limit');
    } finally {
      nppes.hang = false;
    }
  });
});

describe('when an NPI is submitted', () => {
  it('checks the NPI a therapist adds on their credentials page, and verifies it when NPPES agrees', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Ada', lastName: 'Added', credentials: 'none' });
    nppes.add(nppesRecord({ npi: '1999888777', firstName: 'ADA', lastName: 'ADDED' }));
    const own = await session(app, therapist);
    const added = await ok<{ id: string }>(
      await callApi(app.url, 'POST', '/api/credentials', { cookie: own.cookie, ip: own.ip, body: { kind: 'npi', number: '1999888777', issuer: 'NPPES' } }),
      201,
    );
    expect((await latestCheck(therapist.userId, 'clear')).detail).toContain('NPI 1999888777 is active');
    const [credential] = await db().select().from(therapistCredentials).where(eq(therapistCredentials.id, added.id));
    expect(credential).toMatchObject({ status: 'verified', verifiedBy: 'nppes' });
  });
});

describe('who may ask for a check again', () => {
  it('only a manager who passed a second factor; another role, or a manager at aal1, is refused', async () => {
    const therapist = await therapistWithNpi();
    await refused(await checkAgain(therapist.userId, null), 401, 'UNAUTHENTICATED');
    const other = await buildTherapist(db());
    await refused(await checkAgain(therapist.userId, await session(app, other)), 403, 'FORBIDDEN');
    await refused(await checkAgain(therapist.userId, await session(app, await buildAgency(db()))), 403, 'FORBIDDEN');
    const aal1 = await session(app, await buildManager(db()), 'aal1');
    const refusal = await checkAgain(therapist.userId, aal1);
    expect(refusal.status).toBe(403);
    expect(await checksOf(therapist.userId)).toEqual([]);
  });

  it('answers 404 for an unknown therapist', async () => {
    await refused(await checkAgain('no-such-therapist'), 404, 'NOT_FOUND');
  });
});

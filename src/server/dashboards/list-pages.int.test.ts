import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi, refused } from '../../../test/http';
import { readEveryPage } from '../../../test/keyset-pages';
import { buildReferral } from '../../../test/referral-fixtures';
import type { NetworkTherapist, PatientRecord } from '../../domain/dashboards';

/**
 * The agency's patient records and network therapists, a page at a time (http/keyset.ts): every
 * row once, the latest match first, even where matches share their instant, with the total of the
 * whole list; never another agency's.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const get = (cookie: string) => (path: string) => callApi(app.url, 'GET', path, { cookie });
const HOUR = 3_600_000;

describe('GET /api/agency/patients, a page at a time', () => {
  it("returns each matched referral of the agency once, the latest match first, and nothing of another agency's", async () => {
    const agency = await buildAgency(db());
    const other = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const sameInstant = new Date(Date.now() - HOUR);
    const tied = await Promise.all(
      (['matched', 'in_progress', 'completed', 'matched'] as const).map((status) =>
        buildReferral(db(), { agencyId: agency.userId, status, matchedTherapistId: therapist.userId, matchedAt: sameInstant }),
      ),
    );
    const latest = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId });
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    const theirs = await buildReferral(db(), { agencyId: other.userId, status: 'matched', matchedTherapistId: therapist.userId, matchedAt: sameInstant });

    const pages = await readEveryPage<PatientRecord>(get(await signIn(app.url, agency)), '/api/agency/patients', 2);
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(pages[0]!.total).toBe(5);
    const ids = pages.flatMap((page) => page.items.map((item) => item.referralId));
    expect(ids).toEqual([latest.id, ...tied.map((row) => row.id).sort().reverse()]);
    expect(ids).not.toContain(theirs.id);
  });
});

describe('GET /api/agency/therapists, a page at a time', () => {
  it('returns each therapist matched to the agency once, the latest match first, with how many there are', async () => {
    const agency = await buildAgency(db());
    const other = await buildAgency(db());
    const sameInstant = new Date(Date.now() - HOUR);
    const tied = await Promise.all([1, 2, 3].map(() => buildTherapist(db())));
    for (const therapist of tied) await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId, matchedAt: sameInstant });
    const recent = await buildTherapist(db());
    await buildReferral(db(), { agencyId: agency.userId, status: 'completed', matchedTherapistId: recent.userId, matchedAt: new Date(Date.now() - 5 * HOUR) });
    await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: recent.userId });
    const outsider = await buildTherapist(db());
    await buildReferral(db(), { agencyId: other.userId, status: 'matched', matchedTherapistId: outsider.userId, matchedAt: sameInstant });

    const pages = await readEveryPage<NetworkTherapist>(get(await signIn(app.url, agency)), '/api/agency/therapists', 2);
    expect(pages[0]!.total).toBe(4);
    const items = pages.flatMap((page) => page.items);
    expect(items.map((item) => item.id)).toEqual([recent.userId, ...tied.map((therapist) => therapist.userId).sort().reverse()]);
    expect(items[0]).toMatchObject({ referralsCount: 2, activeReferrals: 1 });
  });

  it('refuses a bad cursor or limit naming the field', async () => {
    const cookie = await signIn(app.url, await buildAgency(db()));
    expect((await refused(await get(cookie)('/api/agency/therapists?cursor=%5B%5D'), 400, 'VALIDATION')).fields).toHaveProperty('cursor');
    expect((await refused(await get(cookie)('/api/agency/patients?limit=500'), 400, 'VALIDATION')).fields).toHaveProperty('limit');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { PatientRecord } from '../../domain/dashboards';
import type { KeysetPage } from '../../domain/keyset-page';
import type { AgencyReferral } from '../../domain/referrals';
import { therapistReferralSummarySchema, type AgencyReferralSummary, type TherapistReferralSummary } from '../../domain/referral-summaries';
import { referralOffers, referralResponses, referrals, referralServices, visits } from '../db/schema/index';

/**
 * What the lists show of the rows behind a referral (offers, live answers, services, visits done
 * and ordered, an offer's open state) is kept on the rows they list by triggers (migration 0026),
 * so a page reads no more than its own rows. These tests make each kind of write those facts
 * depend on, one statement at a time as the use cases do, and check after each that the list
 * shows what the rows themselves say: the referral's detail (which counts them afresh) or the
 * tables. A write that stopped keeping its fact shows here as a stale count.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const HOUR = 3_600_000;

describe("the agency's referral list", () => {
  it('counts the offers, the live answers and the services the referral has after each change', async () => {
    const agency = await buildAgency(db());
    const therapists = await Promise.all([1, 2, 3].map(() => buildTherapist(db())));
    const referral = await buildReferral(db(), { agencyId: agency.userId });
    const cookie = await signIn(app.url, agency);

    /** The list's entry, checked against the referral's detail (which reads offers and services afresh). */
    async function entry(): Promise<AgencyReferralSummary> {
      const page = await ok<KeysetPage<AgencyReferralSummary>>(await callApi(app.url, 'GET', '/api/referrals?limit=50', { cookie }));
      const found = page.items.find((item) => item.id === referral.id)!;
      const detail = await ok<AgencyReferral>(await callApi(app.url, 'GET', `/api/referrals/${referral.id}`, { cookie }));
      expect(found.notifiedCount).toBe(detail.notifiedCount);
      expect(found.services).toEqual(detail.services);
      return found;
    }

    expect(await entry()).toMatchObject({ notifiedCount: 0, responseCount: 0 });
    await db()
      .insert(referralOffers)
      .values(therapists.map((therapist) => ({ referralId: referral.id, therapistId: therapist.userId, distanceMiles: 3 })));
    expect((await entry()).notifiedCount).toBe(3);
    await db().delete(referralOffers).where(and(eq(referralOffers.referralId, referral.id), eq(referralOffers.therapistId, therapists[2]!.userId)));
    expect((await entry()).notifiedCount).toBe(2);

    const accepted = await insertResponse(db(), { referralId: referral.id, therapistId: therapists[0]!.userId, status: 'accepted' });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapists[1]!.userId, status: 'rate_requested' });
    expect((await entry()).responseCount).toBe(2);
    await db().update(referralResponses).set({ status: 'withdrawn' }).where(eq(referralResponses.id, accepted.id));
    expect((await entry()).responseCount).toBe(1);
    await db().delete(referralResponses).where(eq(referralResponses.referralId, referral.id));
    expect((await entry()).responseCount).toBe(0);

    // An edit replaces the services (delete, then insert), and a rate may change alone.
    await db().delete(referralServices).where(eq(referralServices.referralId, referral.id));
    await db()
      .insert(referralServices)
      .values([
        { referralId: referral.id, serviceId: 'evaluation', visitCount: 1, offeredRate: 160 },
        { referralId: referral.id, serviceId: 'treatment', visitCount: 8, offeredRate: 95.5 },
      ]);
    await db().update(referralServices).set({ offeredRate: 99 }).where(and(eq(referralServices.referralId, referral.id), eq(referralServices.serviceId, 'treatment')));
    expect((await entry()).services).toMatchObject([
      { serviceId: 'evaluation', visitCount: 1, offeredRate: 160 },
      { serviceId: 'treatment', visitCount: 8, offeredRate: 99 },
    ]);
  });
});

describe("a therapist's open referrals", () => {
  it('follow the referral: offered while a draft, posted, past its expiry, extended, matched to someone else', async () => {
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { status: 'draft' });
    await db().insert(referralOffers).values({ referralId: referral.id, therapistId: therapist.userId, distanceMiles: 5 });
    const cookie = await signIn(app.url, therapist);

    /** The open view's total and ids, each entry checked against the referral read by itself. */
    async function open(): Promise<{ total: number; ids: string[] }> {
      const page = await ok<KeysetPage<TherapistReferralSummary>>(await callApi(app.url, 'GET', '/api/therapist/referrals?view=open', { cookie }));
      for (const item of page.items) {
        expect(item).toEqual(therapistReferralSummarySchema.parse(await ok(await callApi(app.url, 'GET', `/api/therapist/referrals/${item.id}`, { cookie }))));
      }
      return { total: page.total, ids: page.items.map((item) => item.id) };
    }
    const setReferral = (values: Partial<typeof referrals.$inferInsert>) => db().update(referrals).set(values).where(eq(referrals.id, referral.id));

    expect(await open()).toEqual({ total: 0, ids: [] });
    const postedAt = new Date(Date.now() - HOUR);
    await setReferral({ status: 'posted', postedAt, expiresAt: new Date(Date.now() + HOUR) });
    expect(await open()).toEqual({ total: 1, ids: [referral.id] });
    await setReferral({ expiresAt: new Date(Date.now() - 60_000) });
    expect(await open()).toEqual({ total: 0, ids: [] });
    await setReferral({ expiresAt: new Date(Date.now() + 2 * HOUR) });
    expect(await open()).toEqual({ total: 1, ids: [referral.id] });
    const other = await buildTherapist(db());
    await setReferral({ status: 'matched', matchedTherapistId: other.userId, matchedAt: new Date() });
    expect(await open()).toEqual({ total: 0, ids: [] });
  });

  it('include an offer of a posted referral inserted without its open state, beside one inserted with it', async () => {
    const [first, second] = await Promise.all([buildTherapist(db()), buildTherapist(db())]);
    const postedAt = new Date(Date.now() - HOUR);
    const referral = await buildReferral(db(), { status: 'posted', postedAt, expiresAt: new Date(Date.now() + HOUR) });
    // One statement, as a bulk insert writes them: the first offer carries the state (as offers.ts
    // gives it), the second has none for the trigger to fill in.
    await db()
      .insert(referralOffers)
      .values([
        { referralId: referral.id, therapistId: first.userId, distanceMiles: 2, openPostedAt: postedAt, openExpiresAt: new Date(Date.now() + HOUR) },
        { referralId: referral.id, therapistId: second.userId, distanceMiles: 4 },
      ]);
    for (const therapist of [first, second]) {
      const cookie = await signIn(app.url, therapist);
      const page = await ok<KeysetPage<TherapistReferralSummary>>(await callApi(app.url, 'GET', '/api/therapist/referrals?view=open', { cookie }));
      expect({ total: page.total, ids: page.items.map((item) => item.id) }).toEqual({ total: 1, ids: [referral.id] });
    }
  });
});

describe("the agency's patient records", () => {
  it('count the visits done out of those ordered after each visit and service change', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
    const cookie = await signIn(app.url, agency);

    /** The record's counts, checked against the visits and services themselves. */
    async function counts(): Promise<Pick<PatientRecord, 'visitsDone' | 'visitsTotal'>> {
      const page = await ok<KeysetPage<PatientRecord>>(await callApi(app.url, 'GET', '/api/agency/patients', { cookie }));
      const record = page.items.find((item) => item.referralId === referral.id)!;
      const [truth] = (
        await db().execute<{ done: number; ordered: number }>(sql`select
          (select count(*) from visits where referral_id = ${referral.id} and status in ('completed', 'documented', 'approved', 'paid'))::int as done,
          (select coalesce(sum(visit_count), 0) from referral_services where referral_id = ${referral.id})::int as ordered`)
      ).rows;
      expect({ visitsDone: record.visitsDone, visitsTotal: record.visitsTotal }).toEqual({ visitsDone: truth!.done, visitsTotal: truth!.ordered });
      return { visitsDone: record.visitsDone, visitsTotal: record.visitsTotal };
    }

    expect(await counts()).toEqual({ visitsDone: 0, visitsTotal: 1 });
    const booking = { agencyId: agency.userId, therapistId: therapist.userId, referralId: referral.id };
    await buildVisit(db(), booking);
    const scheduled = await buildVisit(db(), { ...booking, status: 'scheduled', scheduledStart: new Date(Date.now() + 24 * HOUR) });
    expect(await counts()).toEqual({ visitsDone: 1, visitsTotal: 1 });
    await db().insert(referralServices).values({ referralId: referral.id, serviceId: 'treatment', visitCount: 8, offeredRate: 95 });
    expect(await counts()).toEqual({ visitsDone: 1, visitsTotal: 9 });
    await db().update(visits).set({ status: 'completed', checkInAt: new Date(), checkOutAt: new Date() }).where(eq(visits.id, scheduled.id));
    expect(await counts()).toEqual({ visitsDone: 2, visitsTotal: 9 });
    await db().update(visits).set({ status: 'approved' }).where(eq(visits.id, scheduled.id));
    expect(await counts()).toEqual({ visitsDone: 2, visitsTotal: 9 });
    await db().delete(visits).where(eq(visits.id, scheduled.id));
    expect(await counts()).toEqual({ visitsDone: 1, visitsTotal: 9 });
  });
});

describe('facts kept under concurrent writes', () => {
  it('count both of two visits completed at once in separate transactions', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
    const booking = { agencyId: agency.userId, therapistId: therapist.userId, referralId: referral.id, status: 'scheduled' as const };
    const [first, second] = await Promise.all([buildVisit(db(), booking), buildVisit(db(), { ...booking, scheduledStart: new Date(Date.now() + 48 * HOUR) })]);

    // The second recount starts while the first transaction is open, so it cannot see its visit;
    // it must wait for the referral and count again once the first has committed.
    const one = await app.runtime.database.pool.connect();
    const two = await app.runtime.database.pool.connect();
    try {
      const complete = `update visits set status = 'completed', check_in_at = now(), check_out_at = now() where id = $1`;
      await one.query('begin');
      await one.query(complete, [first.id]);
      await two.query('begin');
      const waiting = two.query(complete, [second.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await one.query('commit');
      await waiting;
      await two.query('commit');
    } finally {
      one.release();
      two.release();
    }
    const [row] = await db().select({ visitsDone: referrals.visitsDone }).from(referrals).where(eq(referrals.id, referral.id));
    expect(row!.visitsDone).toBe(2);
  });
});

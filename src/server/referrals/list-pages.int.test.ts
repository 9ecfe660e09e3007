import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi, refused } from '../../../test/http';
import { readEveryPage } from '../../../test/keyset-pages';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { agencyReferralSummarySchema, therapistReferralSummarySchema, type AgencyReferralSummary, type TherapistReferralSummary } from '../../domain/referral-summaries';
import { referralOffers, therapistRates } from '../db/schema/index';

/**
 * The referral lists are read a page at a time with a keyset cursor (http/keyset.ts): following
 * nextCursor returns every row once, in order, even where rows share their sort timestamp, with the
 * total of the whole list; a cursor or limit the list cannot use is a 400 naming the field.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const get = (cookie: string) => (path: string) => callApi(app.url, 'GET', path, { cookie });
const ids = (pages: { items: { id: string }[] }[]) => pages.flatMap((page) => page.items.map((item) => item.id));
const HOUR = 3_600_000;

/** Sets a referral's timestamp column to an exact PostgreSQL value (microseconds, which a JavaScript Date cannot carry). */
async function setTimestamp(id: string, column: 'created_at' | 'posted_at' | 'matched_at', value: string) {
  await db().execute(sql`update referrals set ${sql.identifier(column)} = ${value}::timestamptz where id = ${id}`);
}

describe('GET /api/referrals, a page at a time', () => {
  it("returns each of the agency's referrals once, newest first, across pages, even those created in the same microsecond", async () => {
    const agency = await buildAgency(db());
    const other = await buildAgency(db());
    const shared = new Date(Date.now() - HOUR);
    // Four created at the very same instant, three a microsecond apart within one millisecond, two apart.
    const same = await Promise.all([1, 2, 3, 4].map(() => buildReferral(db(), { agencyId: agency.userId, createdAt: shared })));
    const micro = await Promise.all([1, 2, 3].map(() => buildReferral(db(), { agencyId: agency.userId, status: 'draft' })));
    for (const [index, row] of micro.entries()) await setTimestamp(row.id, 'created_at', `2026-01-02 03:04:05.12300${index + 1}+00`);
    const older = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: (await buildTherapist(db())).userId, createdAt: new Date(Date.now() - 48 * HOUR) });
    const newest = await buildReferral(db(), { agencyId: agency.userId, status: 'draft' });
    const theirs = await buildReferral(db(), { agencyId: other.userId, createdAt: shared });

    const pages = await readEveryPage<AgencyReferralSummary>(get(await signIn(app.url, agency)), '/api/referrals?status=all', 2);
    // A page ends between two rows of the same millisecond (the 8th and 9th), and between rows of the same instant.
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages[0]!.total).toBe(9);
    const byIdDesc = (rows: { id: string }[]) => rows.map((row) => row.id).sort().reverse();
    expect(ids(pages)).toEqual([newest.id, ...byIdDesc(same), older.id, ...micro.map((row) => row.id).reverse()]);
    expect(ids(pages)).not.toContain(theirs.id);
  });

  it('pages within a status tab, with the total of that tab', async () => {
    const agency = await buildAgency(db());
    const posted = await Promise.all([1, 2, 3, 4, 5].map(() => buildReferral(db(), { agencyId: agency.userId, status: 'posted' })));
    await Promise.all([1, 2].map(() => buildReferral(db(), { agencyId: agency.userId, status: 'draft' })));
    const pages = await readEveryPage<AgencyReferralSummary>(get(await signIn(app.url, agency)), '/api/referrals?status=open', 2);
    expect(pages[0]!.total).toBe(5);
    expect(new Set(ids(pages))).toEqual(new Set(posted.map((row) => row.id)));
    expect(ids(pages)).toHaveLength(5);
  });

  it('shows on each entry what the referral read by itself shows of it, and no more; its posting time cut to the millisecond', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const matched = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId, matchedAt: new Date() });
    // 999 microseconds past a millisecond: cut to it, not rounded up to the next.
    await setTimestamp(matched.id, 'posted_at', '2026-03-04 05:06:07.123999+00');
    await buildReferral(db(), { agencyId: agency.userId, status: 'draft' });
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    const read = get(await signIn(app.url, agency));

    const [page] = await readEveryPage<AgencyReferralSummary>(read, '/api/referrals?status=all', 25);
    expect(page!.items).toHaveLength(3);
    // The detail counts its responses and names its therapist in fields of its own.
    const sharedFields = agencyReferralSummarySchema.omit({ responseCount: true, matchedTherapistName: true });
    for (const { responseCount, matchedTherapistName, ...shared } of page!.items) {
      const alone = await read(`/api/referrals/${shared.id}`);
      expect(alone.status).toBe(200);
      expect(shared).toEqual(sharedFields.parse(await alone.json()));
      expect(responseCount).toBe(0);
      expect(matchedTherapistName === null).toBe(shared.id !== matched.id);
    }
    expect(page!.items.find((item) => item.id === matched.id)?.postedAt).toBe('2026-03-04T05:06:07.123Z');
  });

  it('answers 25 a page unless asked, and refuses a bad limit or cursor naming the field', async () => {
    const agency = await buildAgency(db());
    await Promise.all(Array.from({ length: 27 }, () => buildReferral(db(), { agencyId: agency.userId, status: 'draft' })));
    const cookie = await signIn(app.url, agency);
    const first = (await (await get(cookie)('/api/referrals?status=draft')).json()) as { items: unknown[]; total: number; nextCursor: string | null };
    expect(first.items).toHaveLength(25);
    expect(first.total).toBe(27);
    expect(first.nextCursor).not.toBeNull();

    for (const limit of ['0', '51', 'many']) {
      const error = await refused(await get(cookie)(`/api/referrals?limit=${limit}`), 400, 'VALIDATION');
      expect(error.fields).toEqual({ limit: 'Ask for 1 to 50 rows a page.' });
    }
    const forged = Buffer.from(JSON.stringify(['yesterday', 'not-an-id'])).toString('base64url');
    for (const cursor of ['not base64 json!', forged]) {
      const error = await refused(await get(cookie)(`/api/referrals?cursor=${encodeURIComponent(cursor)}`), 400, 'VALIDATION');
      expect(error.fields).toEqual({ cursor: 'This cursor does not belong to this list. Start again from the first page.' });
    }
  });
});

describe('GET /api/therapist/referrals, a page at a time', () => {
  it("pages the therapist's open offers and their matches, once each, and never another therapist's", async () => {
    const therapist = await buildTherapist(db());
    const someoneElse = await buildTherapist(db());
    const agency = await buildAgency(db());
    const postedAt = new Date(Date.now() - HOUR);
    const open = await Promise.all([1, 2, 3, 4, 5].map(() => buildReferral(db(), { agencyId: agency.userId, postedAt })));
    const hidden = await buildReferral(db(), { agencyId: agency.userId, postedAt });
    const notMine = await buildReferral(db(), { agencyId: agency.userId, postedAt });
    await db()
      .insert(referralOffers)
      .values([
        ...open.map((row) => ({ referralId: row.id, therapistId: therapist.userId, distanceMiles: 3 })),
        { referralId: hidden.id, therapistId: therapist.userId, distanceMiles: 3, hiddenAt: new Date() },
        { referralId: notMine.id, therapistId: someoneElse.userId, distanceMiles: 3 },
      ]);
    const matchedAt = new Date(Date.now() - 2 * HOUR);
    const mine = await Promise.all([1, 2, 3].map(() => buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId, matchedAt })));
    await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: someoneElse.userId, matchedAt });
    const read = get(await signIn(app.url, therapist));

    const openPages = await readEveryPage<TherapistReferralSummary>(read, '/api/therapist/referrals?view=open', 2);
    expect(openPages[0]!.total).toBe(5);
    expect(ids(openPages)).toEqual(open.map((row) => row.id).sort().reverse());

    const minePages = await readEveryPage<TherapistReferralSummary>(read, '/api/therapist/referrals?view=mine', 2);
    expect(minePages[0]!.total).toBe(3);
    expect(ids(minePages)).toEqual(mine.map((row) => row.id).sort().reverse());

    const hiddenPages = await readEveryPage<TherapistReferralSummary>(read, '/api/therapist/referrals?view=hidden', 2);
    expect(ids(hiddenPages)).toEqual([hidden.id]);
    expect(hiddenPages[0]!.total).toBe(1);
  });

  it('shows on each entry what the referral read by itself shows of it: services, agency, rates, the answer given', async () => {
    const therapist = await buildTherapist(db());
    const agency = await buildAgency(db());
    const postedAt = new Date(Date.now() - HOUR);
    const [answered, unanswered] = await Promise.all([1, 2].map(() => buildReferral(db(), { agencyId: agency.userId, postedAt })));
    const hidden = await buildReferral(db(), { agencyId: agency.userId, postedAt });
    await db()
      .insert(referralOffers)
      .values([
        { referralId: answered!.id, therapistId: therapist.userId, distanceMiles: 4.5 },
        { referralId: unanswered!.id, therapistId: therapist.userId, distanceMiles: 7 },
        { referralId: hidden.id, therapistId: therapist.userId, distanceMiles: 2, hiddenAt: new Date() },
      ]);
    await insertResponse(db(), { referralId: answered!.id, therapistId: therapist.userId, status: 'accepted' });
    // Rates of its own (the builder's replaced), so the entry shows this therapist's.
    await db().execute(sql`delete from therapist_rates where therapist_id = ${therapist.userId}`);
    await db().insert(therapistRates).values([
      { therapistId: therapist.userId, serviceId: 'evaluation', rate: 160 },
      { therapistId: therapist.userId, serviceId: 'treatment', rate: 95.5 },
    ]);
    await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId });
    const read = get(await signIn(app.url, therapist));

    for (const view of ['open', 'hidden', 'mine']) {
      const [page] = await readEveryPage<TherapistReferralSummary>(read, `/api/therapist/referrals?view=${view}`, 25);
      expect(page!.items.length).toBeGreaterThan(0);
      for (const item of page!.items) {
        const alone = await read(`/api/therapist/referrals/${item.id}`);
        expect(alone.status).toBe(200);
        // An entry is a summary: the referral's own fields that its card shows, and nothing else.
        expect(item).toEqual(therapistReferralSummarySchema.parse(await alone.json()));
      }
    }
    const [open] = await readEveryPage<TherapistReferralSummary>(read, '/api/therapist/referrals?view=open', 25);
    expect(open!.items.find((item) => item.id === answered!.id)).toMatchObject({
      agencyName: expect.stringMatching(/\S/),
      distanceMiles: 4.5,
      myRates: { evaluation: 160, treatment: 95.5 },
      myResponse: { status: 'accepted' },
      services: [{ serviceId: 'evaluation', visitCount: 1, offeredRate: 150 }],
    });
    expect(open!.items.find((item) => item.id === unanswered!.id)?.myResponse).toBeNull();
  });

  it('refuses a cursor it did not give', async () => {
    const cookie = await signIn(app.url, await buildTherapist(db()));
    const error = await refused(await get(cookie)('/api/therapist/referrals?view=mine&cursor=abc'), 400, 'VALIDATION');
    expect(Object.keys(error.fields ?? {})).toEqual(['cursor']);
  });
});

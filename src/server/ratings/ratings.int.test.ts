import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral } from '../../../test/referral-fixtures';
import type { AttentionList } from '../../domain/attention';
import type { ReferralRatings } from '../../domain/ratings';
import { auditLog, notifications, ratings, referralOffers } from '../db/schema/index';
import { RATING_DUE_TYPE, runRatingPrompts } from './prompt-sweep';
import { ratingSummary } from './summary';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const call = (method: string, url: string, who?: SignedIn, body?: unknown) => callApi(app.url, method, `/api${url}`, { cookie: who?.cookie, ip: who?.ip, body });
const rate = (who: SignedIn, referralId: string, body: unknown) => call('POST', `/referrals/${referralId}/ratings`, who, body);
const ratingsOf = async (who: SignedIn, referralId: string) => ok<ReferralRatings>(await call('GET', `/referrals/${referralId}/ratings`, who));

/** An agency and its matched therapist on a referral in `status`, matched `matchedDaysAgo` and (completed) closed `closedDaysAgo`. */
async function pair(options: { status?: 'matched' | 'in_progress' | 'completed'; matchedDaysAgo?: number; closedDaysAgo?: number } = {}) {
  const status = options.status ?? 'completed';
  const agencyPerson = await buildAgency(db(), { companyName: 'Lone Star Home Health' });
  const therapistPerson = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Reyes' });
  const referral = await buildReferral(db(), {
    agencyId: agencyPerson.userId,
    status,
    matchedTherapistId: therapistPerson.userId,
    matchedAt: daysAgo(options.matchedDaysAgo ?? 40),
    closedAt: status === 'completed' ? daysAgo(options.closedDaysAgo ?? 1) : null,
  });
  return { referral, agency: await session(app, agencyPerson), therapist: await session(app, therapistPerson), agencyPerson, therapistPerson };
}

async function ratingRows(referralId: string) {
  return db().select().from(ratings).where(eq(ratings.referralId, referralId));
}

describe('who may rate', () => {
  it('refuses the signed out, managers, another agency and a therapist who is not matched; the two parties may', async () => {
    const { referral, agency, therapist } = await pair();
    const otherAgency = await session(app, await buildAgency(db()));
    const offeredTherapist = await buildTherapist(db());
    // Offered the referral but not matched: still no party to it.
    await db().insert(referralOffers).values({ referralId: referral.id, therapistId: offeredTherapist.userId, distanceMiles: 3 });
    const notMatched = await session(app, offeredTherapist);
    const manager = await session(app, await buildManager(db()));
    const body = { period: 0, score: 4 };

    await refused(await rate({ cookie: '', ip: agency.ip, userId: '' }, referral.id, body), 401, 'UNAUTHENTICATED');
    await refused(await rate(manager, referral.id, body), 403, 'FORBIDDEN');
    await refused(await rate(otherAgency, referral.id, body), 404, 'NOT_FOUND');
    await refused(await rate(notMatched, referral.id, body), 404, 'NOT_FOUND');
    await refused(await call('GET', `/referrals/${referral.id}/ratings`, otherAgency), 404, 'NOT_FOUND');
    await refused(await call('GET', `/referrals/${referral.id}/ratings`, notMatched), 404, 'NOT_FOUND');
    await refused(await rate(agency, 'not-a-referral', body), 404, 'NOT_FOUND');
    expect(await ratingRows(referral.id)).toHaveLength(0);

    await ok(await rate(agency, referral.id, body), 201);
    await ok(await rate(therapist, referral.id, body), 201);
    const rows = await ratingRows(referral.id);
    expect(rows.map((r) => r.raterRole).sort()).toEqual(['agency', 'therapist']);
  });

  it('lets a password-only (aal1) session rate: a rating holds no patient information', async () => {
    const { referral, agencyPerson } = await pair();
    const agencyAal1 = await session(app, agencyPerson, 'aal1');
    await ok(await rate(agencyAal1, referral.id, { period: 0, score: 5 }), 201);
  });
});

describe('what a rating must be', () => {
  it('names the field of a bad score or a long comment, and writes nothing', async () => {
    const { referral, agency } = await pair();
    expect((await refused(await rate(agency, referral.id, { period: 0, score: 0 }), 400, 'VALIDATION')).fields).toHaveProperty('score');
    expect((await refused(await rate(agency, referral.id, { period: 0, score: 6 }), 400, 'VALIDATION')).fields).toHaveProperty('score');
    expect((await refused(await rate(agency, referral.id, { period: 0, score: 3.5 }), 400, 'VALIDATION')).fields).toHaveProperty('score');
    expect((await refused(await rate(agency, referral.id, { period: 0 }), 400, 'VALIDATION')).fields).toHaveProperty('score');
    const long = await refused(await rate(agency, referral.id, { period: 0, score: 4, comment: 'x'.repeat(501) }), 400, 'VALIDATION');
    expect(long.fields?.comment).toMatch(/500 characters/);
    expect(await ratingRows(referral.id)).toHaveLength(0);
  });
});

describe('which period is open', () => {
  it('opens period 0 on completion, for 30 days', async () => {
    const { referral, agency } = await pair({ closedDaysAgo: 2 });
    expect((await ratingsOf(agency, referral.id)).due).toBe(0);
    const wrong = await refused(await rate(agency, referral.id, { period: 1, score: 4 }), 400, 'VALIDATION');
    expect(wrong.fields?.period).toBe('Only the completed referral can be rated now.');

    const old = await pair({ closedDaysAgo: 31 });
    expect((await ratingsOf(old.agency, old.referral.id)).due).toBeNull();
    await refused(await rate(old.agency, old.referral.id, { period: 0, score: 4 }), 400, 'VALIDATION');
  });

  it('opens the n-th 30 days of an ongoing referral once they are over, and not before', async () => {
    const young = await pair({ status: 'in_progress', matchedDaysAgo: 20 });
    expect((await ratingsOf(young.therapist, young.referral.id)).due).toBeNull();
    const early = await refused(await rate(young.therapist, young.referral.id, { period: 0, score: 4 }), 400, 'VALIDATION');
    expect(early.fields?.period).toMatch(/completes, and for each 30 days/);

    const { referral, therapist } = await pair({ status: 'in_progress', matchedDaysAgo: 65 });
    expect((await ratingsOf(therapist, referral.id)).due).toBe(2);
    expect((await refused(await rate(therapist, referral.id, { period: 1, score: 4 }), 400, 'VALIDATION')).fields?.period).toBe(
      'Only days 31–60 of the referral can be rated now.',
    );
    await ok(await rate(therapist, referral.id, { period: 2, score: 4 }), 201);
    expect((await ratingsOf(therapist, referral.id)).due).toBeNull();
  });
});

describe('rating twice', () => {
  it('keeps one of two submissions sent at once and answers the other 409', async () => {
    const { referral, agency } = await pair();
    const responses = await Promise.all([rate(agency, referral.id, { period: 0, score: 5 }), rate(agency, referral.id, { period: 0, score: 2 })]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const conflict = responses.find((r) => r.status === 409);
    if (!conflict) throw new Error('no 409');
    expect((await refused(conflict, 409, 'CONFLICT')).message).toBe('You already rated Dana Reyes for the completed referral.');
    expect(await ratingRows(referral.id)).toHaveLength(1);
  });
});

describe('ratings stay hidden until both sides rated or 14 days passed', () => {
  it('shows the rater theirs as saved, hides the score from the other side, then shows each side what it received', async () => {
    const { referral, agency, therapist, therapistPerson, agencyPerson } = await pair();
    const saved = await ok<ReferralRatings>(await rate(agency, referral.id, { period: 0, score: 2, comment: 'Late twice.' }), 201);
    expect(saved.given).toEqual([expect.objectContaining({ period: 0, score: 2, comment: 'Late twice.', shown: false })]);
    const given = saved.given[0];
    expect(new Date(given?.shownBy ?? '').getTime() - new Date(given?.createdAt ?? '').getTime()).toBe(14 * DAY);

    const hidden = await call('GET', `/referrals/${referral.id}/ratings`, therapist);
    const hiddenText = await hidden.text();
    expect(hidden.status).toBe(200);
    expect(JSON.parse(hiddenText)).toMatchObject({ received: [], given: [], due: 0, otherParty: { role: 'agency', name: 'Lone Star Home Health' } });
    expect(hiddenText).not.toContain('Late twice.');
    expect(hiddenText).not.toContain('"score"');
    expect(await ratingSummary(db(), therapistPerson.userId)).toEqual({ average: null, count: 0 });

    await ok(await rate(therapist, referral.id, { period: 0, score: 5, comment: 'Clear orders.' }), 201);
    expect((await ratingsOf(therapist, referral.id)).received).toEqual([expect.objectContaining({ period: 0, score: 2, comment: 'Late twice.' })]);
    const agencyView = await ratingsOf(agency, referral.id);
    expect(agencyView.received).toEqual([expect.objectContaining({ score: 5, comment: 'Clear orders.' })]);
    expect(agencyView.given[0]?.shown).toBe(true);
    expect(await ratingSummary(db(), therapistPerson.userId)).toEqual({ average: 2, count: 1 });
    expect(await ratingSummary(db(), agencyPerson.userId)).toEqual({ average: 5, count: 1 });
  });

  it('shows a one-sided rating once 14 days passed', async () => {
    const { referral, agency, therapist } = await pair({ closedDaysAgo: 20 });
    await ok(await rate(agency, referral.id, { period: 0, score: 4 }), 201);
    expect((await ratingsOf(therapist, referral.id)).received).toEqual([]);
    await db().execute(sql`update ratings set created_at = now() - interval '15 days' where referral_id = ${referral.id}`);
    expect((await ratingsOf(therapist, referral.id)).received).toEqual([expect.objectContaining({ score: 4 })]);
  });
});

describe('prompts', () => {
  it('tells each side once when a rating is due, lists it in "Needs your attention" until given, and never carries a comment', async () => {
    const { referral, agency, therapist, agencyPerson, therapistPerson } = await pair();
    const linkOf = (userId: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, RATING_DUE_TYPE)));

    await runRatingPrompts({ database: app.runtime.database });
    await runRatingPrompts({ database: app.runtime.database });
    const [toAgency, ...moreToAgency] = await linkOf(agencyPerson.userId);
    const [toTherapist, ...moreToTherapist] = await linkOf(therapistPerson.userId);
    expect(moreToAgency).toHaveLength(0);
    expect(moreToTherapist).toHaveLength(0);
    expect(toAgency).toMatchObject({ title: 'Rate Dana Reyes', link: `/dashboard/agency/referrals/${referral.id}#rating-0` });
    expect(toTherapist).toMatchObject({ title: 'Rate Lone Star Home Health', link: `/dashboard/therapist/referrals/${referral.id}#rating-0` });

    const agencyAttention = await ok<AttentionList>(await call('GET', '/dashboard/agency/attention', agency));
    expect(agencyAttention.items).toContainEqual({ kind: 'ratings_due', count: 1, label: '1 rating to give', link: `/dashboard/agency/referrals/${referral.id}#rating-0` });

    const logs = captureLogs(app.runtime.app.log, 'trace');
    try {
      await ok(await rate(agency, referral.id, { period: 0, score: 3, comment: 'SECRET-COMMENT-7731' }), 201);
      await ok(await rate(therapist, referral.id, { period: 0, score: 4, comment: 'SECRET-COMMENT-7732' }), 201);
      await runRatingPrompts({ database: app.runtime.database });
    } finally {
      logs.stop();
    }
    expect(logs.text()).not.toContain('SECRET-COMMENT');
    const everyNotification = await db().select().from(notifications);
    expect(JSON.stringify(everyNotification)).not.toContain('SECRET-COMMENT');
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, referral.id));
    expect(audits.filter((a) => a.action === 'rating.created')).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain('SECRET-COMMENT');

    const after = await ok<AttentionList>(await call('GET', '/dashboard/agency/attention', agency));
    expect(after.items.map((item) => item.kind)).not.toContain('ratings_due');
  });

  it('prompts for the next 30 days of an ongoing referral, and not for one too young', async () => {
    const ongoing = await pair({ status: 'matched', matchedDaysAgo: 31 });
    const young = await pair({ status: 'in_progress', matchedDaysAgo: 3 });
    await runRatingPrompts({ database: app.runtime.database });
    const sent = await db().select().from(notifications).where(eq(notifications.type, RATING_DUE_TYPE));
    expect(sent.map((n) => n.link)).toContain(`/dashboard/therapist/referrals/${ongoing.referral.id}#rating-1`);
    expect(sent.some((n) => n.link.includes(young.referral.id))).toBe(false);
  });
});

describe("the agency's record, as therapists read it", () => {
  it('is shown to a therapist offered the referral and to the agency itself, never to another therapist', async () => {
    const agencyPerson = await buildAgency(db(), { companyName: 'Hill Country Care' });
    const referral = await buildReferral(db(), { agencyId: agencyPerson.userId });
    const offered = await buildTherapist(db());
    await db().insert(referralOffers).values({ referralId: referral.id, therapistId: offered.userId, distanceMiles: 4 });
    const record = await ok<{ agencyName: string; rating: unknown; reliability: { summary: string } }>(
      await call('GET', `/therapist/referrals/${referral.id}/agency-record`, await session(app, offered)),
    );
    expect(record).toEqual({
      agencyName: 'Hill Country Care',
      rating: { average: null, count: 0 },
      reliability: { enoughHistory: false, parts: [], summary: 'Too little history yet' },
    });
    await refused(await call('GET', `/therapist/referrals/${referral.id}/agency-record`, await session(app, await buildTherapist(db()))), 404, 'NOT_FOUND');
    const agency = await session(app, agencyPerson);
    await refused(await call('GET', `/therapist/referrals/${referral.id}/agency-record`, agency), 403, 'FORBIDDEN');
    expect(await ok(await call('GET', '/agency/record', agency))).toMatchObject({ agencyName: 'Hill Country Care' });
  });
});

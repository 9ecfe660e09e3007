import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttentionList } from '../../domain/attention';
import { CARE_DEADLINES_HORIZON_DAYS, CARE_DEADLINES_LIMIT, type CareDeadlines } from '../../domain/care-deadlines';
import { auditLog } from '../db/schema/index';

/**
 * GET /api/care-clocks from the outside: the care deadlines of all the caller's referrals for the
 * Schedule — an agency's own, the referrals a therapist takes part in, nobody else's — most pressing
 * first, capped with the count of all; and the dashboard line that counts them leading to it.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (path: string, who: SignedIn | null) => callApi(app.url, 'GET', `/api${path}`, { cookie: who?.cookie, ip: who?.ip ?? clientAddress() });
const deadlinesOf = async (who: SignedIn) => ok<CareDeadlines>(await call('/care-clocks', who));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A referral of `agencyId` whose start-of-care evaluation is not held: due 48 hours after `postedAt`. */
const awaitingEvaluation = (agencyId: string, postedAt: Date, extra: { matchedTherapistId?: string } = {}) =>
  buildReferral(db(), { agencyId, status: extra.matchedTherapistId ? 'in_progress' : 'posted', postedAt, ...extra });

/**
 * A referral in progress whose PT evaluation (by `therapistId`) was held `days` ago: its reassessment
 * is due 30 days after, on the patient's calendar.
 */
async function evaluatedDaysAgo(agencyId: string, therapistId: string, days: number, matchedTherapistId = therapistId) {
  const referral = await buildReferral(db(), { agencyId, status: 'in_progress', matchedTherapistId, postedAt: ago((days + 2) * DAY) });
  const at = ago(days * DAY);
  await buildVisit(db(), { referralId: referral.id, agencyId, therapistId, scheduledStart: at, checkInAt: at, checkOutAt: at });
  return referral;
}

const reference = (referral: { referenceNumber: number }) => `R-${referral.referenceNumber}`;

describe('GET /api/care-clocks', () => {
  it('shows an agency its overdue evaluation, named by reference and city, and not another agency’s', async () => {
    const agencyPerson = await buildAgency(db());
    const otherPerson = await buildAgency(db());
    const mine = await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY));
    const theirs = await awaitingEvaluation(otherPerson.userId, ago(3 * DAY));
    const agency = await session(app, agencyPerson);

    const answer = await deadlinesOf(agency);
    expect(answer).toMatchObject({ total: 1, limit: CARE_DEADLINES_LIMIT, horizonDays: CARE_DEADLINES_HORIZON_DAYS });
    expect(answer.items).toEqual([
      expect.objectContaining({
        kind: 'start_of_care',
        label: 'Start-of-care evaluation',
        visitType: 'evaluation',
        state: 'overdue',
        by: ['PT'],
        referral: { id: mine.id, reference: reference(mine), city: 'Austin', state: 'TX', viewable: true },
        bookable: false,
      }),
    ]);
    expect(Date.parse(answer.items[0]!.dueBy)).toBe(mine.postedAt!.getTime() + 48 * HOUR);

    const other = await deadlinesOf(await session(app, otherPerson));
    expect(other.items.map((item) => item.referral.id)).toEqual([theirs.id]);
  });

  it('shows a therapist the referrals they take part in only, offering to book where they are matched', async () => {
    const agencyPerson = await buildAgency(db());
    const therapistPerson = await buildTherapist(db(), { discipline: 'PT' });
    const colleague = await buildTherapist(db(), { discipline: 'PTA' });
    // Matched: the evaluation is theirs to book.
    const matched = await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY), { matchedTherapistId: therapistPerson.userId });
    await insertResponse(db(), { referralId: matched.id, therapistId: therapistPerson.userId, status: 'confirmed' });
    // Not matched, but they evaluated its patient: they take part in its care, and the matched PTA books.
    const evaluated = await evaluatedDaysAgo(agencyPerson.userId, therapistPerson.userId, 27, colleague.userId);
    // The same agency's other referrals, with nothing of theirs on them.
    await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY), { matchedTherapistId: colleague.userId });
    await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY));

    const answer = await deadlinesOf(await session(app, therapistPerson));
    // Only the referral they are matched to opens for them: the other is its matched PTA's and its agency's.
    expect(answer.items.map((item) => [item.referral.id, item.kind, item.state, item.bookable, item.referral.viewable])).toEqual([
      [matched.id, 'start_of_care', 'overdue', true, true],
      [evaluated.id, 'reassessment', 'due_soon', false, false],
    ]);
    expect(answer.total).toBe(2);

    // The agency sees all four of its referrals' deadlines, and books none.
    const forAgency = await deadlinesOf(await session(app, agencyPerson));
    expect(forAgency.total).toBe(4);
    expect(forAgency.items.every((item) => !item.bookable)).toBe(true);
  });

  it('lists the most pressing first: overdue, then due soon, then upcoming within the horizon, by deadline across referrals', async () => {
    const agencyPerson = await buildAgency(db());
    const therapist = await buildTherapist(db());
    // Built in an order other than the answer's.
    const overdueEvaluation = await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY)); // due a day ago
    const dueSoonReassessment = await evaluatedDaysAgo(agencyPerson.userId, therapist.userId, 27); // due in 3-4 days
    const upcomingReassessment = await evaluatedDaysAgo(agencyPerson.userId, therapist.userId, 20); // due in 10-11 days
    await evaluatedDaysAgo(agencyPerson.userId, therapist.userId, 10); // due in 20-21 days: beyond the horizon
    const dueSoonEvaluation = await awaitingEvaluation(agencyPerson.userId, ago(30 * HOUR)); // due in 18 hours
    const overdueReassessment = await evaluatedDaysAgo(agencyPerson.userId, therapist.userId, 33); // due 2-3 days ago

    const answer = await deadlinesOf(await session(app, agencyPerson));
    expect(answer.items.map((item) => [item.referral.id, item.kind, item.state])).toEqual([
      [overdueReassessment.id, 'reassessment', 'overdue'],
      [overdueEvaluation.id, 'start_of_care', 'overdue'],
      [dueSoonEvaluation.id, 'start_of_care', 'due_soon'],
      [dueSoonReassessment.id, 'reassessment', 'due_soon'],
      [upcomingReassessment.id, 'reassessment', 'upcoming'],
    ]);
    expect(answer.total).toBe(5);
  });

  it(`lists at most ${CARE_DEADLINES_LIMIT}, the most pressing, and counts them all`, async () => {
    const agencyPerson = await buildAgency(db());
    for (let i = 0; i < CARE_DEADLINES_LIMIT; i++) await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY));
    const later = [await awaitingEvaluation(agencyPerson.userId, ago(30 * HOUR)), await awaitingEvaluation(agencyPerson.userId, ago(30 * HOUR))];

    const answer = await deadlinesOf(await session(app, agencyPerson));
    expect(answer.items).toHaveLength(CARE_DEADLINES_LIMIT);
    expect(answer.total).toBe(CARE_DEADLINES_LIMIT + 2);
    expect(answer.items.every((item) => item.state === 'overdue')).toBe(true);
    expect(answer.items.map((item) => item.referral.id)).not.toContain(later[0]!.id);
  });

  it('is audited as a list read, with counts and no patient details', async () => {
    const agencyPerson = await buildAgency(db());
    await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY));
    await deadlinesOf(await session(app, agencyPerson));
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, agencyPerson.userId), eq(auditLog.action, 'care_clocks.list')));
    expect(rows).toEqual([expect.objectContaining({ outcome: 'success', entityType: 'referral', entityId: null, details: { as: 'agency', count: 1, total: 1 } })]);
  });

  it('is documented in the OpenAPI description, with its answer', async () => {
    const spec = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
      paths: Record<string, { get?: { summary?: string; responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> } }>;
    };
    const get = spec.paths['/api/care-clocks']?.get;
    expect(get?.summary).toMatch(/^The caller's care deadlines across their referrals/);
    expect(Object.keys(get?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {})).toEqual(['items', 'total', 'limit', 'horizonDays']);
  });

  describe('nobody else', () => {
    it('signed out: 401', async () => {
      await refused(await call('/care-clocks', null), 401, 'UNAUTHENTICATED');
    });

    it.each([
      ['a manager', () => buildManager(db())],
      ['an agency not yet approved', () => buildAgency(db(), { status: 'pending' })],
      ['a therapist not yet approved', () => buildTherapist(db(), { status: 'pending' })],
    ])('%s: 403, and the attempt is audited', async (_who, build) => {
      const person = await build();
      const failures = () => db().select().from(auditLog).where(and(eq(auditLog.action, 'care_clocks.list'), eq(auditLog.outcome, 'failure')));
      const before = (await failures()).length;
      await refused(await call('/care-clocks', await session(app, person)), 403, 'FORBIDDEN');
      expect((await failures()).length).toBe(before + 1);
    });
  });
});

describe('the dashboard line that counts them', () => {
  it('leads to the Schedule’s care deadlines when they are on several referrals, to the referral’s care clocks when on one', async () => {
    const agencyPerson = await buildAgency(db());
    const therapistPerson = await buildTherapist(db());
    const first = await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY), { matchedTherapistId: therapistPerson.userId });
    const agency = await session(app, agencyPerson);
    const therapist = await session(app, therapistPerson);
    const overdueLine = async (who: SignedIn, side: string) =>
      (await ok<AttentionList>(await call(`/dashboard/${side}/attention`, who))).items.find((item) => item.kind === 'care_overdue');

    expect(await overdueLine(agency, 'agency')).toMatchObject({ count: 1, link: `/dashboard/agency/referrals/${first.id}#care-clocks` });
    await awaitingEvaluation(agencyPerson.userId, ago(3 * DAY), { matchedTherapistId: therapistPerson.userId });
    expect(await overdueLine(agency, 'agency')).toMatchObject({ count: 2, link: '/dashboard/agency/schedule#care-deadlines' });
    expect(await overdueLine(therapist, 'therapist')).toMatchObject({ count: 2, link: '/dashboard/therapist/schedule#care-deadlines' });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { createReferral, notificationsAbout, respondTo } from '../../../test/referrals';
import type { AgencyReferral, TherapistReferral } from '../../domain/referrals';
import { auditLog, referralAgreedRates, referralResponses, referrals } from '../db/schema/index';

/**
 * "Exactly one therapist is matched", on real PostgreSQL: many therapists accept at the same moment
 * (instant confirm), or an agency confirms many responses at once. Each round uses a fresh referral.
 */

const CROWD = 20;
const ROUNDS = 5;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

type Person = { userId: string; cookie: string };

async function people(count: number, build: () => Promise<{ userId: string; email: string; password: string }>): Promise<Person[]> {
  const built = [];
  for (let i = 0; i < count; i += 1) built.push(await build());
  return Promise.all(built.map(async (person) => ({ userId: person.userId, cookie: await signIn(app.url, person) })));
}

let agency: Person;
let crowd: Person[];
/** Two therapists who ask for more before each race (a live response), and one who declines. */
let askers: Person[];
let decliner: Person;

beforeAll(async () => {
  agency = (await people(1, () => buildAgency(db())))[0]!;
  crowd = await people(CROWD, () => buildTherapist(db()));
  askers = await people(2, () => buildTherapist(db()));
  decliner = (await people(1, () => buildTherapist(db())))[0]!;
});

/** Every answer's status, code and message, and the one that succeeded. */
async function settle(responses: Response[]) {
  const answers = await Promise.all(
    responses.map(async (response) => {
      const text = await response.text();
      const body = JSON.parse(text) as { error?: { code: string; message: string } };
      return { status: response.status, code: body.error?.code, message: body.error?.message, body };
    }),
  );
  const winners = answers.filter((answer) => answer.status === 200);
  const losers = answers.filter((answer) => answer.status !== 200);
  return { answers, winners, losers };
}

const responsesOf = (referralId: string) => db().select().from(referralResponses).where(eq(referralResponses.referralId, referralId));
const auditCount = (referralId: string, action: string) => db().$count(auditLog, and(eq(auditLog.entityId, referralId), eq(auditLog.action, action)));
const usersNotified = async (referralId: string, type: string) => (await notificationsAbout(db(), referralId, type)).map((n) => n.userId).sort();

describe(`${CROWD} therapists accept an instant-confirm referral at the same moment`, () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('round %i: exactly one is matched, everyone else gets a clear 409', async () => {
    const referral = await createReferral(app.url, agency.cookie, { instantConfirm: true });
    expect(referral.notifiedCount).toBe(CROWD + askers.length + 1);
    for (const asker of askers) {
      const asked = await respondTo(app.url, asker.cookie, referral.id, { kind: 'rate_request', rates: { treatment: 130 }, reason: 'long_distance' });
      expect(asked.status).toBe(200);
    }
    expect((await respondTo(app.url, decliner.cookie, referral.id, { kind: 'decline' })).status).toBe(200);

    const { answers, winners, losers } = await settle(await Promise.all(crowd.map((person) => respondTo(app.url, person.cookie, referral.id, { kind: 'accept' }))));

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.body as unknown as TherapistReferral;
    expect(winner).toMatchObject({ status: 'matched', matchedToMe: true, myResponse: { status: 'confirmed' } });
    expect(losers).toHaveLength(CROWD - 1);
    for (const loser of losers) expect(loser).toMatchObject({ status: 409, code: 'CONFLICT', message: 'This referral has already been filled.' });

    const winnerId = crowd[answers.findIndex((answer) => answer.status === 200)]!.userId;
    const [row] = await db().select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row).toMatchObject({ status: 'matched', matchedTherapistId: winnerId });
    expect(row?.matchedAt).toBeInstanceOf(Date);

    // One confirmed response; the losers' attempts left no response behind.
    const responses = await responsesOf(referral.id);
    expect(responses.filter((r) => r.status === 'confirmed').map((r) => r.therapistId)).toEqual([winnerId]);
    expect(responses.filter((r) => r.status === 'not_selected').map((r) => r.therapistId).sort()).toEqual(askers.map((a) => a.userId).sort());
    expect(responses).toHaveLength(1 + askers.length + 1);
    expect(await db().$count(referralAgreedRates, eq(referralAgreedRates.referralId, referral.id))).toBe(2);

    // One set of notifications: the winner and the agency are told of the match, the live responders that it was filled.
    expect(await usersNotified(referral.id, 'referral.matched')).toEqual([winnerId, agency.userId].sort());
    expect(await usersNotified(referral.id, 'referral.filled')).toEqual(askers.map((a) => a.userId).sort());
    expect(await usersNotified(referral.id, 'referral.accepted')).toEqual([]);

    expect(await auditCount(referral.id, 'referral.matched_instantly')).toBe(1);
    expect(await auditCount(referral.id, 'referral.matched')).toBe(0);
    expect(await auditCount(referral.id, 'referral.response_accepted')).toBe(1);
  });
});

describe(`an agency confirms ${CROWD} different responses to one referral at the same moment`, () => {
  it.each([1, 2, 3])('round %i: exactly one confirmation succeeds', async () => {
    const referral = await createReferral(app.url, agency.cookie);
    const accepted = await Promise.all(crowd.map((person) => respondTo(app.url, person.cookie, referral.id, { kind: 'accept' })));
    expect(accepted.map((response) => response.status)).toEqual(crowd.map(() => 200));
    const view = (await (await callApi(app.url, 'GET', `/api/referrals/${referral.id}`, { cookie: agency.cookie })).json()) as AgencyReferral;
    expect(view.responses).toHaveLength(CROWD);

    const { answers, winners, losers } = await settle(
      await Promise.all(
        view.responses.map((response) => callApi(app.url, 'POST', `/api/referrals/${referral.id}/responses/${response.id}/confirm`, { cookie: agency.cookie })),
      ),
    );

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(winners).toHaveLength(1);
    for (const loser of losers) expect(loser).toMatchObject({ status: 409, code: 'CONFLICT', message: 'This referral has already been filled or closed.' });
    const matched = winners[0]!.body as unknown as AgencyReferral;
    const winnerId = view.responses[answers.findIndex((answer) => answer.status === 200)]!.therapist.therapistId;
    expect(matched).toMatchObject({ status: 'matched', matchedTherapist: { therapistId: winnerId } });

    const responses = await responsesOf(referral.id);
    expect(responses.filter((r) => r.status === 'confirmed').map((r) => r.therapistId)).toEqual([winnerId]);
    expect(responses.filter((r) => r.status === 'not_selected')).toHaveLength(CROWD - 1);
    expect(await usersNotified(referral.id, 'referral.matched')).toEqual([winnerId]);
    const others = crowd.map((person) => person.userId).filter((id) => id !== winnerId).sort();
    expect(await usersNotified(referral.id, 'referral.filled')).toEqual(others);
    expect(await auditCount(referral.id, 'referral.matched')).toBe(1);
    expect(await db().$count(referralAgreedRates, eq(referralAgreedRates.referralId, referral.id))).toBe(2);

    // The losing confirmations are a clear error for the agency to read, not a 500.
    const again = await callApi(app.url, 'POST', `/api/referrals/${referral.id}/responses/${view.responses[0]!.id}/confirm`, { cookie: agency.cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('CONFLICT');
  });
});

describe('matches on different referrals that share responders, at the same moment', () => {
  it('never deadlock: each referral matches its own therapist, and the others are told it was filled', async () => {
    const group = crowd.slice(0, 6);
    // Referral i will be given to therapist i; everyone in the group accepted every referral.
    const races = await Promise.all(
      group.map(async (chosen) => {
        const referral = await createReferral(app.url, agency.cookie);
        const accepted = await Promise.all(group.map((person) => respondTo(app.url, person.cookie, referral.id, { kind: 'accept' })));
        expect(accepted.map((response) => response.status)).toEqual(group.map(() => 200));
        const view = (await (await callApi(app.url, 'GET', `/api/referrals/${referral.id}`, { cookie: agency.cookie })).json()) as AgencyReferral;
        return { referral, chosen, responseId: view.responses.find((response) => response.therapist.therapistId === chosen.userId)!.id };
      }),
    );
    const { answers } = await settle(
      await Promise.all(
        races.map(({ referral, responseId }) => callApi(app.url, 'POST', `/api/referrals/${referral.id}/responses/${responseId}/confirm`, { cookie: agency.cookie })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(races.map(() => 200));
    for (const { referral, chosen } of races) {
      expect(await usersNotified(referral.id, 'referral.matched')).toEqual([chosen.userId]);
      expect(await usersNotified(referral.id, 'referral.filled')).toEqual(group.map((p) => p.userId).filter((id) => id !== chosen.userId).sort());
    }
  });
});

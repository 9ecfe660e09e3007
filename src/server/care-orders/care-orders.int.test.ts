import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildEvaluatedReferral } from '../../../test/care-order-fixtures';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import { careTimeZone } from '../../domain/care-clock-items';
import type { ReferralCareClocks } from '../../domain/care-clock-view';
import type { ReferralOrders } from '../../domain/care-order-view';
import { addDaysToKey, dateKeyIn, startOfDayIn } from '../../domain/time-zones';
import { auditLog } from '../db/schema/index';

/**
 * Orders from the outside: the matched therapist proposes after the evaluation, the agency approves
 * (recording the physician's order) or returns; every change a new version, seen by both parties
 * and nobody else; the approved orders run the discharge clock and limit the visits of each week.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (method: string, path: string, who: SignedIn | null, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: who?.cookie, ip: who?.ip ?? clientAddress(), body });

/** An in-progress PT referral with a held evaluation; week 1 of its orders starts tomorrow on the patient's clock. */
async function evaluatedReferral(options: { discipline?: 'PT' | 'PTA'; evaluated?: boolean } = {}) {
  const { agency: agencyPerson, therapist: therapistPerson, referral } = await buildEvaluatedReferral(db(), options);
  const timeZone = careTimeZone(referral);
  const startDate = addDaysToKey(dateKeyIn(new Date(), timeZone), 1);
  /** Noon (plus `hours`) on day `day` (0-based) of the orders, on the patient's clock. */
  const onDay = (day: number, hours = 0) => new Date(startOfDayIn(addDaysToKey(startDate, day), timeZone).getTime() + (12 + hours) * 3_600_000).toISOString();
  return { referral, startDate, onDay, agency: await session(app, agencyPerson), therapist: await session(app, therapistPerson) };
}

const proposal = (startDate: string, frequency = '1w2') => ({ frequency, startDate, goals: ['Walks 150 ft with a cane'], reason: 'After the evaluation' });
const approval = (version: number) => ({ version, decision: 'approve', physicianOrderObtainedOn: '2026-01-05', reason: 'Signed order on file' });

describe('orders: propose, decide, history', () => {
  it('the therapist proposes, the agency approves; both see every version, newest first, and each change is audited', async () => {
    const { referral, startDate, agency, therapist } = await evaluatedReferral();
    const proposed = await ok<ReferralOrders>(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate, '1w1, 2w3')), 201);
    expect(proposed.versions).toEqual([expect.objectContaining({ version: 1, status: 'proposed', frequency: '1w1, 2w3', startDate, changedBy: 'therapist', physicianOrderObtainedOn: null })]);

    const returned = await ok<ReferralOrders>(
      await call('POST', `/referrals/${referral.id}/orders/decide`, agency, { version: 1, decision: 'return', reason: 'Goals need a measure' }),
      201,
    );
    expect(returned.versions[0]).toMatchObject({ version: 2, status: 'returned', changedBy: 'agency', reason: 'Goals need a measure' });
    await ok(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate, '2w3')), 201);
    await ok(await call('POST', `/referrals/${referral.id}/orders/decide`, agency, approval(3)), 201);

    for (const who of [agency, therapist]) {
      const history = await ok<ReferralOrders>(await call('GET', `/referrals/${referral.id}/orders`, who));
      expect(history.versions.map((v) => [v.version, v.status, v.frequency])).toEqual([
        [4, 'approved', '2w3'],
        [3, 'proposed', '2w3'],
        [2, 'returned', '1w1, 2w3'],
        [1, 'proposed', '1w1, 2w3'],
      ]);
      expect(history.versions[0]).toMatchObject({ physicianOrderObtainedOn: '2026-01-05', changedBy: 'agency' });
    }
    const audits = await db().select({ action: auditLog.action, outcome: auditLog.outcome }).from(auditLog).where(eq(auditLog.entityId, referral.id));
    expect(audits.filter((a) => a.action !== 'care_orders.read')).toEqual([
      { action: 'care_orders.propose', outcome: 'success' },
      { action: 'care_orders.decide', outcome: 'success' },
      { action: 'care_orders.propose', outcome: 'success' },
      { action: 'care_orders.decide', outcome: 'success' },
    ]);
  });

  it('of two decisions on the same version at once, one is written and the other is told the orders changed', async () => {
    const { referral, startDate, agency, therapist } = await evaluatedReferral();
    await ok(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate)), 201);
    const responses = await Promise.all([
      call('POST', `/referrals/${referral.id}/orders/decide`, agency, approval(1)),
      call('POST', `/referrals/${referral.id}/orders/decide`, agency, { version: 1, decision: 'return', reason: 'Not yet' }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const history = await ok<ReferralOrders>(await call('GET', `/referrals/${referral.id}/orders`, agency));
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('refuses a proposal before the evaluation has been held', async () => {
    const { referral, startDate, therapist } = await evaluatedReferral({ evaluated: false });
    const error = await refused(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate)), 409, 'CONFLICT');
    expect(error.message).toMatch(/after the evaluation/);
  });

  it('refuses an approval without the date the physician’s order was obtained, and a bad frequency, naming the field', async () => {
    const { referral, startDate, agency, therapist } = await evaluatedReferral();
    const bad = await refused(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate, 'twice a week')), 400, 'VALIDATION');
    expect(Object.keys(bad.fields ?? {})).toContain('frequency');
    await ok(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate)), 201);
    const error = await refused(
      await call('POST', `/referrals/${referral.id}/orders/decide`, agency, { version: 1, decision: 'approve', reason: 'ok' }),
      400,
      'VALIDATION',
    );
    expect(Object.keys(error.fields ?? {})).toEqual(['physicianOrderObtainedOn']);
  });

  it('the agency cannot propose, the therapist cannot decide', async () => {
    const { referral, startDate, agency, therapist } = await evaluatedReferral();
    await refused(await call('POST', `/referrals/${referral.id}/orders`, agency, proposal(startDate)), 403, 'FORBIDDEN');
    await ok(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate)), 201);
    await refused(await call('POST', `/referrals/${referral.id}/orders/decide`, therapist, approval(1)), 403, 'FORBIDDEN');
  });

  it('an assistant does not propose orders', async () => {
    const { referral, startDate, therapist } = await evaluatedReferral({ discipline: 'PTA' });
    await refused(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate)), 403, 'FORBIDDEN');
  });

  describe('nobody else sees or changes them', () => {
    let fixture: Awaited<ReturnType<typeof evaluatedReferral>>;
    beforeAll(async () => {
      fixture = await evaluatedReferral();
      await ok(await call('POST', `/referrals/${fixture.referral.id}/orders`, fixture.therapist, proposal(fixture.startDate)), 201);
    });

    it('signed out: 401', async () => {
      await refused(await call('GET', `/referrals/${fixture.referral.id}/orders`, null), 401, 'UNAUTHENTICATED');
    });

    it.each([
      ['another agency', () => buildAgency(db())],
      ['another therapist', () => buildTherapist(db())],
      ['a manager', () => buildManager(db())],
    ])('%s: 404 on reading, proposing and deciding, as if the referral did not exist', async (_who, build) => {
      const other = await session(app, await build());
      const id = fixture.referral.id;
      await refused(await call('GET', `/referrals/${id}/orders`, other), 404, 'NOT_FOUND');
      await refused(await call('POST', `/referrals/${id}/orders`, other, proposal(fixture.startDate)), 404, 'NOT_FOUND');
      await refused(await call('POST', `/referrals/${id}/orders/decide`, other, approval(1)), 404, 'NOT_FOUND');
      const history = await ok<ReferralOrders>(await call('GET', `/referrals/${id}/orders`, fixture.agency));
      expect(history.versions).toHaveLength(1);
    });
  });
});

describe('approved orders at work', () => {
  it('run the discharge clock to their last day', async () => {
    const { referral, startDate, agency, therapist } = await evaluatedReferral();
    const kinds = async () => (await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, agency))).items.map((i) => i.kind);
    expect(await kinds()).not.toContain('discharge');
    await ok(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate, '1w2')), 201);
    await ok(await call('POST', `/referrals/${referral.id}/orders/decide`, agency, approval(1)), 201);
    const clocks = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, therapist));
    expect(clocks.items).toContainEqual(expect.objectContaining({ kind: 'discharge', dueDate: addDaysToKey(startDate, 13) }));
  });

  it('limit scheduling to the visits left in each week, refusing one more with CONFLICT', async () => {
    const { referral, startDate, onDay, agency, therapist } = await evaluatedReferral();
    const book = (at: string) => call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'treatment', scheduledStart: at });
    // Before any approval only the service's visit count limits booking.
    await ok(await book(onDay(0)), 201);
    await ok(await call('POST', `/referrals/${referral.id}/orders`, therapist, proposal(startDate, '1w2')), 201);
    await ok(await call('POST', `/referrals/${referral.id}/orders/decide`, agency, approval(1)), 201);

    const full = await refused(await book(onDay(2)), 409, 'CONFLICT');
    expect(full.message).toBe(
      `The approved orders allow 1 visit in the week of ${startDate} to ${addDaysToKey(startDate, 6)}, and that many are already scheduled. Choose another week or ask the agency to change the orders.`,
    );
    const second = await ok<{ id: string }>(await book(onDay(7)), 201);
    // Moving a visit is held to the same allowance, and may stay within its own week.
    const move = (at: string) => call('PUT', `/visits/${second.id}/schedule`, therapist, { scheduledStart: at, reason: 'Patient asked' });
    await refused(await move(onDay(1)), 409, 'CONFLICT');
    await ok(await move(onDay(8)));
    const ended = await refused(await book(onDay(14)), 409, 'CONFLICT');
    expect(ended.message).toContain(`The approved orders ended on ${addDaysToKey(startDate, 13)}`);
  });
});

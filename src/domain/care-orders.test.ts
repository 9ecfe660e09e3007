import { describe, expect, it } from 'vitest';
import {
  allowedVisitsInWeek,
  decideOrders,
  decideOrdersInputSchema,
  orderMessages,
  ordersEndDate,
  proposeOrders,
  proposeOrdersInputSchema,
  visitsLeftInWeek,
  type OrderVersion,
} from './care-orders';
import { visitFrequencyMessage } from './visit-frequency';

const pt = { userId: 'therapist-pt', discipline: 'PT' as const };
const agency = 'agency-user';
const at = (iso: string) => new Date(iso);

function version(result: OrderVersion | { error: unknown }): OrderVersion {
  if ('error' in result) throw new Error(`expected a version, got ${JSON.stringify(result.error)}`);
  return result;
}

/** v1 proposed by the PT after the evaluation, v2 approved by the agency: 1w1, 2w3 from Wed 4 Mar 2026. */
function approvedHistory(): OrderVersion[] {
  const proposed = version(
    proposeOrders([], proposeOrdersInputSchema.parse({ frequency: '1w1, 2w3', startDate: '2026-03-04', goals: ['Walk 150 ft with a cane'], reason: 'Evaluation findings' }), pt, at('2026-03-03T20:00:00Z')),
  );
  const approved = version(
    decideOrders([proposed], decideOrdersInputSchema.parse({ version: 1, decision: 'approve', physicianOrderObtainedOn: '2026-03-04', reason: 'Verbal order from Dr. on file' }), agency, at('2026-03-04T15:00:00Z')),
  );
  return [proposed, approved];
}

describe('proposeOrdersInputSchema', () => {
  it('stores the frequency in its canonical spelling', () => {
    const input = proposeOrdersInputSchema.parse({ frequency: ' 1W1,2w3 ', startDate: '2026-03-04', goals: [' Walk 150 ft '], reason: 'Evaluation' });
    expect(input).toEqual({ frequency: '1w1, 2w3', startDate: '2026-03-04', goals: ['Walk 150 ft'], reason: 'Evaluation' });
  });

  it.each([
    { field: 'frequency', input: { frequency: '3x/wk' }, message: visitFrequencyMessage },
    { field: 'startDate', input: { startDate: '2026-02-30' }, message: orderMessages.startDate },
    { field: 'goals', input: { goals: [] }, message: orderMessages.goals },
    { field: 'goals', input: { goals: ['  '] }, message: orderMessages.goal },
    { field: 'reason', input: { reason: '' }, message: orderMessages.reason },
  ])('refuses a bad $field with a message naming it', ({ field, input, message }) => {
    const result = proposeOrdersInputSchema.safeParse({ frequency: '2w4', startDate: '2026-03-04', goals: ['Walk'], reason: 'Evaluation', ...input });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: expect.arrayContaining([field]), message });
  });
});

describe('versioned orders', () => {
  it('records who proposed them, when and why, as version 1', () => {
    const [proposed] = approvedHistory();
    expect(proposed).toEqual({
      version: 1,
      status: 'proposed',
      frequency: '1w1, 2w3',
      startDate: '2026-03-04',
      goals: ['Walk 150 ft with a cane'],
      physicianOrderObtainedOn: null,
      change: { by: { userId: 'therapist-pt', party: 'therapist' }, at: at('2026-03-03T20:00:00Z'), reason: 'Evaluation findings' },
    });
  });

  it('records the agency’s approval and when it obtained the physician’s order as a new version, leaving the proposal as it was', () => {
    const [proposed, approved] = approvedHistory();
    expect(proposed?.status).toBe('proposed');
    expect(approved).toMatchObject({
      version: 2,
      status: 'approved',
      frequency: '1w1, 2w3',
      physicianOrderObtainedOn: '2026-03-04',
      change: { by: { userId: agency, party: 'agency' }, reason: 'Verbal order from Dr. on file' },
    });
  });

  it('refuses a proposal from an assistant', () => {
    const input = proposeOrdersInputSchema.parse({ frequency: '2w4', startDate: '2026-03-04', goals: ['Walk'], reason: 'More visits' });
    expect(proposeOrders([], input, { userId: 'pta', discipline: 'PTA' }, at('2026-03-05T00:00:00Z'))).toEqual({
      error: { code: 'FORBIDDEN', message: 'Orders are proposed by the evaluating therapist, not an assistant' },
    });
  });

  it('numbers a change of orders after the versions before it', () => {
    const input = proposeOrdersInputSchema.parse({ frequency: '3w2', startDate: '2026-03-18', goals: ['Climb 12 stairs'], reason: 'Slower progress than expected' });
    expect(version(proposeOrders(approvedHistory(), input, pt, at('2026-03-17T00:00:00Z'))).version).toBe(3);
  });

  it.each([
    { story: 'a version the therapist has since replaced', version: 1, message: 'These orders have changed since you opened them; review the latest version' },
    { story: 'orders already approved', version: 2, message: 'Only proposed orders can be approved or returned' },
  ])('refuses to decide on $story', ({ version: shown, message }) => {
    const input = decideOrdersInputSchema.parse({ version: shown, decision: 'approve', reason: 'OK' });
    expect(decideOrders(approvedHistory(), input, agency, at('2026-03-05T00:00:00Z'))).toEqual({ error: { code: 'CONFLICT', message } });
  });

  it('returns orders to the therapist without approving them', () => {
    const [proposed] = approvedHistory();
    const returned = version(decideOrders([proposed as OrderVersion], decideOrdersInputSchema.parse({ version: 1, decision: 'return', physicianOrderObtainedOn: '2026-03-04', reason: 'Goals need a time frame' }), agency, at('2026-03-04T15:00:00Z')));
    expect(returned).toMatchObject({ version: 2, status: 'returned', physicianOrderObtainedOn: null });
    expect(allowedVisitsInWeek([proposed as OrderVersion, returned], '2026-03-05')).toMatchObject({ allowed: 0, reason: 'No orders have been approved yet' });
  });
});

describe('allowedVisitsInWeek: the approved frequency sets each week’s visits', () => {
  // 1w1, 2w3 from Wed 4 Mar: week 1 is 4–10 Mar (1 visit), weeks 2–4 are 11–31 Mar (2 a week).
  it.each([
    { date: '2026-03-03', allowed: 0, weekStart: null, reason: 'The approved orders start on 2026-03-04' },
    { date: '2026-03-04', allowed: 1, weekStart: '2026-03-04', reason: null },
    { date: '2026-03-10', allowed: 1, weekStart: '2026-03-04', reason: null },
    { date: '2026-03-11', allowed: 2, weekStart: '2026-03-11', reason: null },
    { date: '2026-03-31', allowed: 2, weekStart: '2026-03-25', reason: null },
    { date: '2026-04-01', allowed: 0, weekStart: null, reason: 'The approved orders ended on 2026-03-31' },
  ])('on $date: $allowed', ({ date, allowed, weekStart, reason }) => {
    expect(allowedVisitsInWeek(approvedHistory(), date)).toMatchObject({ allowed, weekStart, reason });
  });

  it('allows nothing while orders are only proposed', () => {
    const [proposed] = approvedHistory();
    expect(allowedVisitsInWeek([proposed as OrderVersion], '2026-03-05')).toMatchObject({ allowed: 0, version: null, reason: 'No orders have been approved yet' });
  });

  it('keeps the approved version in force while a change waits for the agency', () => {
    const history = approvedHistory();
    const change = version(proposeOrders(history, proposeOrdersInputSchema.parse({ frequency: '3w2', startDate: '2026-03-18', goals: ['Climb stairs'], reason: 'Slower progress' }), pt, at('2026-03-17T00:00:00Z')));
    expect(allowedVisitsInWeek([...history, change], '2026-03-20')).toMatchObject({ allowed: 2, version: 2 });
  });

  it('follows an approved change from its own start date, with its own weeks', () => {
    const history = approvedHistory();
    const change = version(proposeOrders(history, proposeOrdersInputSchema.parse({ frequency: '3w2', startDate: '2026-03-18', goals: ['Climb stairs'], reason: 'Slower progress' }), pt, at('2026-03-17T00:00:00Z')));
    const approved = version(decideOrders([...history, change], decideOrdersInputSchema.parse({ version: 3, decision: 'approve', reason: 'Agreed' }), agency, at('2026-03-17T15:00:00Z')));
    const all = [...history, change, approved];
    expect(allowedVisitsInWeek(all, '2026-03-17')).toMatchObject({ allowed: 2, version: 2 });
    expect(allowedVisitsInWeek(all, '2026-03-18')).toMatchObject({ allowed: 3, version: 4, weekStart: '2026-03-18', weekEnd: '2026-03-24' });
    expect(allowedVisitsInWeek(all, '2026-04-01')).toMatchObject({ allowed: 0, reason: 'The approved orders ended on 2026-03-31' });
    expect(ordersEndDate(all)).toBe('2026-03-31');
  });
});

describe('ordersEndDate', () => {
  it('is the last day of the approved weeks, or null before any approval', () => {
    expect(ordersEndDate(approvedHistory())).toBe('2026-03-31');
    expect(ordersEndDate(approvedHistory().slice(0, 1))).toBeNull();
  });
});

describe('visitsLeftInWeek', () => {
  // Week 2 (11–17 Mar) allows 2.
  it.each([
    { story: 'none booked: both free', visits: [], left: 2 },
    { story: 'one routine visit booked', visits: [{ type: 'routine', status: 'scheduled', date: '2026-03-12' }], left: 1 },
    {
      story: 'the evaluation, a cancelled and a missed visit, and a visit in another week do not count',
      visits: [
        { type: 'evaluation', status: 'completed', date: '2026-03-11' },
        { type: 'routine', status: 'cancelled', date: '2026-03-12' },
        { type: 'routine', status: 'missed', date: '2026-03-13' },
        { type: 'routine', status: 'completed', date: '2026-03-10' },
      ],
      left: 2,
    },
    {
      story: 'a reassessment and a supervisory visit count like any other',
      visits: [
        { type: 'reassessment', status: 'documented', date: '2026-03-11' },
        { type: 'supervisory', status: 'scheduled', date: '2026-03-17' },
      ],
      left: 0,
    },
    {
      story: 'more booked than allowed leaves none, never less',
      visits: ['2026-03-12', '2026-03-13', '2026-03-14'].map((date) => ({ type: 'routine' as const, status: 'scheduled' as const, date })),
      left: 0,
    },
  ] as const)('$story → $left', ({ visits, left }) => {
    expect(visitsLeftInWeek(approvedHistory(), visits, '2026-03-15').left).toBe(left);
  });
});

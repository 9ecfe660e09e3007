import { describe, expect, it } from 'vitest';
import { bookedVisit, careReferral, clocksFor, heldVisit } from '../../test/care-clocks';
import type { CareClockItem } from './care-clock-items';
import type { CareClockKind } from './care-clock-rules';

const only = (items: CareClockItem[], kind: CareClockKind) => items.filter((item) => item.kind === kind);
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

// The referral: a Texas (Central time) PT referral posted Mon 2 Mar 2026 09:00 CST = 15:00 UTC.
// 48 hours later is Wed 4 Mar 15:00 UTC.
describe('start of care: evaluation within 48 hours of the referral (42 CFR 484.55(a)(1))', () => {
  it.each([
    { story: 'an hour after posting it is upcoming', now: '2026-03-02T16:00:00.000Z', state: 'upcoming' },
    { story: 'just outside the 24-hour reminder window it is still upcoming', now: '2026-03-03T14:59:59.999Z', state: 'upcoming' },
    { story: '24 hours before the deadline it is due soon', now: '2026-03-03T15:00:00.000Z', state: 'due_soon' },
    { story: 'at exactly 48 hours it is due, not yet overdue', now: '2026-03-04T15:00:00.000Z', state: 'due_soon' },
    { story: 'a millisecond past 48 hours it is overdue', now: '2026-03-04T15:00:00.001Z', state: 'overdue' },
  ])('$story', ({ now, state }) => {
    const [item] = only(clocksFor({ now }), 'start_of_care');
    expect(item).toMatchObject({ visitType: 'evaluation', state, dueDate: '2026-03-04', by: ['PT'], notBefore: null, booked: null });
    expect(iso(item?.dueBy)).toBe('2026-03-04T15:00:00.000Z');
  });

  it.each([
    { story: 'an evaluation begun at exactly 48 hours meets it', visits: [heldVisit('evaluation', 'PT', '2026-03-04T15:00:00.000Z')], due: false },
    { story: 'an evaluation under way meets it', visits: [heldVisit('evaluation', 'PT', '2026-03-03T15:00:00.000Z', { status: 'in_progress' })], due: false },
    { story: 'an evaluation that was missed does not', visits: [bookedVisit('evaluation', 'PT', '2026-03-03T15:00:00.000Z', 'missed')], due: true },
    { story: 'an evaluation that was cancelled does not', visits: [bookedVisit('evaluation', 'PT', '2026-03-03T15:00:00.000Z', 'cancelled')], due: true },
    { story: 'an "evaluation" by a PTA does not (an assistant may not evaluate)', visits: [heldVisit('evaluation', 'PTA', '2026-03-03T15:00:00.000Z')], due: true },
    { story: 'a routine visit by the PT does not', visits: [heldVisit('routine', 'PT', '2026-03-03T15:00:00.000Z')], due: true },
  ])('$story', ({ visits, due }) => {
    expect(only(clocksFor({ visits, now: '2026-03-05T00:00:00.000Z' }), 'start_of_care')).toHaveLength(due ? 1 : 0);
  });

  it('shows the evaluation already booked to meet it', () => {
    const booked = bookedVisit('evaluation', 'PT', '2026-03-04T14:00:00.000Z');
    const [item] = only(clocksFor({ visits: [booked], now: '2026-03-03T00:00:00.000Z' }), 'start_of_care');
    expect(item?.booked).toEqual({ visitId: booked.id, at: booked.scheduledStart });
  });

  it('does not run for a draft, which has not been referred to anyone yet', () => {
    expect(only(clocksFor({ referral: careReferral({ postedAt: null }), now: '2026-03-10T00:00:00.000Z' }), 'start_of_care')).toEqual([]);
  });
});

describe('start of care on the date the physician ordered, on the patient’s clock', () => {
  // Ordered Fri 6 Mar: the whole of that day in the patient's zone, even though it is past 48 hours.
  it.each([
    { story: 'past the 48 hours but before the ordered day it is upcoming', state: 'Texas', code: 'TX', now: '2026-03-05T12:00:00.000Z', expected: 'upcoming' },
    { story: 'the last millisecond of the ordered day in Texas is still on time', state: 'Texas', code: 'TX', now: '2026-03-07T05:59:59.999Z', expected: 'due_soon' },
    { story: 'after the ordered day ends in Texas it is overdue', state: 'Texas', code: 'TX', now: '2026-03-07T06:00:00.000Z', expected: 'overdue' },
    { story: 'the same instant is already overdue for a New York patient, whose day ended an hour earlier', state: 'New York', code: 'NY', now: '2026-03-07T05:30:00.000Z', expected: 'overdue' },
  ])('$story', ({ code, now, expected }) => {
    const [item] = only(clocksFor({ referral: careReferral({ orderedStartOfCare: '2026-03-06', patientState: code }), now }), 'start_of_care');
    expect(item).toMatchObject({ state: expected, dueDate: '2026-03-06' });
    expect(item?.reason).toContain('start-of-care date the physician ordered');
  });

  it.each([
    { code: 'TX', dueBy: '2026-03-07T05:59:59.999Z', notBefore: '2026-03-06T06:00:00.000Z' },
    { code: 'NY', dueBy: '2026-03-07T04:59:59.999Z', notBefore: '2026-03-06T05:00:00.000Z' },
    { code: 'CA', dueBy: '2026-03-07T07:59:59.999Z', notBefore: '2026-03-06T08:00:00.000Z' },
  ])('in $code the ordered day runs from $notBefore to $dueBy', ({ code, dueBy, notBefore }) => {
    const [item] = only(clocksFor({ referral: careReferral({ orderedStartOfCare: '2026-03-06', patientState: code }), now: '2026-03-02T16:00:00.000Z' }), 'start_of_care');
    expect(iso(item?.dueBy)).toBe(dueBy);
    expect(iso(item?.notBefore)).toBe(notBefore);
  });

  it('runs for a draft that carries an ordered date', () => {
    const items = clocksFor({ referral: careReferral({ postedAt: null, orderedStartOfCare: '2026-03-06' }), now: '2026-03-02T16:00:00.000Z' });
    expect(only(items, 'start_of_care')).toHaveLength(1);
  });
});

// Evaluated Tue 3 Mar 2026 10:00 CST. Day 1 of 30 is 4 Mar, so the reassessment is due by the end
// of Thu 2 Apr — in daylight time by then (CDT, UTC−5): 2026-04-03T04:59:59.999Z.
const evaluation = heldVisit('evaluation', 'PT', '2026-03-03T16:00:00.000Z');

describe('reassessment at least every 30 days by a qualified therapist (42 CFR 409.44(c)(2)(i))', () => {
  it.each([
    { story: 'a week after the evaluation it is upcoming', now: '2026-03-10T12:00:00.000Z', state: 'upcoming' },
    { story: 'just outside the 7-day window it is upcoming', now: '2026-03-27T04:59:59.998Z', state: 'upcoming' },
    { story: '7 days before the end of day 30 it is due soon', now: '2026-03-27T04:59:59.999Z', state: 'due_soon' },
    { story: 'the last millisecond of day 30 it is due, not overdue', now: '2026-04-03T04:59:59.999Z', state: 'due_soon' },
    { story: 'once day 30 is over it is overdue', now: '2026-04-03T05:00:00.000Z', state: 'overdue' },
  ])('$story', ({ now, state }) => {
    const [item] = only(clocksFor({ visits: [evaluation], now }), 'reassessment');
    expect(item).toMatchObject({ visitType: 'reassessment', state, dueDate: '2026-04-02', by: ['PT'] });
    expect(iso(item?.dueBy)).toBe('2026-04-03T04:59:59.999Z');
  });

  it('counts from the day after: an evaluation on June 1 makes it due by July 1', () => {
    const [item] = only(clocksFor({ visits: [heldVisit('evaluation', 'PT', '2026-06-01T20:00:00.000Z')], now: '2026-06-02T00:00:00.000Z' }), 'reassessment');
    expect(item?.dueDate).toBe('2026-07-01');
  });

  const now = '2026-04-03T12:00:00.000Z'; // day 31
  it.each([
    { story: 'a reassessment by the PT restarts it', visits: [heldVisit('reassessment', 'PT', '2026-03-20T15:00:00.000Z')], dueDate: '2026-04-19', state: 'upcoming' },
    { story: 'a late reassessment restarts it from when it was done', visits: [heldVisit('reassessment', 'PT', '2026-04-05T15:00:00.000Z')], dueDate: '2026-05-05', state: 'upcoming' },
    {
      story: 'visits by a PTA do not restart it, not even one booked as a reassessment',
      visits: ['2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31'].map((day) => heldVisit('routine', 'PTA', `${day}T15:00:00.000Z`)).concat(heldVisit('reassessment', 'PTA', '2026-03-30T15:00:00.000Z')),
      dueDate: '2026-04-02',
      state: 'overdue',
    },
    { story: 'a routine visit by the PT does not restart it', visits: [heldVisit('routine', 'PT', '2026-03-25T15:00:00.000Z')], dueDate: '2026-04-02', state: 'overdue' },
    { story: 'a supervisory visit by the PT does not restart it', visits: [heldVisit('supervisory', 'PT', '2026-03-25T15:00:00.000Z')], dueDate: '2026-04-02', state: 'overdue' },
    { story: 'a missed reassessment does not restart it', visits: [bookedVisit('reassessment', 'PT', '2026-03-30T15:00:00.000Z', 'missed')], dueDate: '2026-04-02', state: 'overdue' },
  ])('$story', ({ visits, dueDate, state }) => {
    const [item] = only(clocksFor({ visits: [evaluation, ...visits], now }), 'reassessment');
    expect(item).toMatchObject({ dueDate, state });
  });

  it('shows a reassessment booked after the last assessment', () => {
    const booked = bookedVisit('reassessment', 'PT', '2026-03-30T15:00:00.000Z');
    const [item] = only(clocksFor({ visits: [evaluation, booked], now: '2026-03-28T00:00:00.000Z' }), 'reassessment');
    expect(item?.booked?.visitId).toBe(booked.id);
  });

  it.each([
    { story: 'before the evaluation is held (the start-of-care clock runs instead)', visits: [bookedVisit('evaluation', 'PT', '2026-03-03T16:00:00.000Z')] },
    { story: 'once the patient is discharged', visits: [evaluation, heldVisit('discharge', 'PT', '2026-03-28T15:00:00.000Z')] },
  ])('does not run $story', ({ visits }) => {
    expect(only(clocksFor({ visits, now }), 'reassessment')).toEqual([]);
  });

  it('is the speech-language pathologist’s on a speech referral', () => {
    const items = clocksFor({ referral: careReferral({ discipline: 'ST' }), visits: [heldVisit('evaluation', 'ST', '2026-03-03T16:00:00.000Z')], now });
    expect(only(items, 'reassessment')[0]?.by).toEqual(['ST']);
  });
});

describe('discharge when the approved orders end', () => {
  it('is due by the end of their last day, on the patient’s clock', () => {
    const [item] = only(clocksFor({ visits: [evaluation], carePlanEndDate: '2026-04-12', now: '2026-04-06T12:00:00.000Z' }), 'discharge');
    expect(item).toMatchObject({ visitType: 'discharge', dueDate: '2026-04-12', state: 'due_soon', by: ['PT'] });
    expect(iso(item?.dueBy)).toBe('2026-04-13T04:59:59.999Z');
  });

  it.each([
    { story: 'before any orders are approved', visits: [evaluation], end: null },
    { story: 'before the evaluation', visits: [], end: '2026-04-12' },
    { story: 'once the PT has discharged', visits: [evaluation, heldVisit('discharge', 'PT', '2026-04-10T15:00:00.000Z')], end: '2026-04-12' },
  ])('is not due $story', ({ visits, end }) => {
    expect(only(clocksFor({ visits, carePlanEndDate: end, now: '2026-04-11T00:00:00.000Z' }), 'discharge')).toEqual([]);
  });

  it('is still due after a PTA’s “discharge”, which an assistant may not do', () => {
    const visits = [evaluation, heldVisit('discharge', 'PTA', '2026-04-10T15:00:00.000Z')];
    expect(only(clocksFor({ visits, carePlanEndDate: '2026-04-12', now: '2026-04-11T00:00:00.000Z' }), 'discharge')).toHaveLength(1);
  });
});

describe('careClocks', () => {
  it('lists what is due with the earliest deadline first', () => {
    const items = clocksFor({
      visits: [evaluation, heldVisit('routine', 'PTA', '2026-03-05T15:00:00.000Z')],
      carePlanEndDate: '2026-03-31',
      now: '2026-03-20T00:00:00.000Z',
    });
    expect(items.map((item) => [item.kind, item.dueDate])).toEqual([
      ['discharge', '2026-03-31'],
      ['reassessment', '2026-04-02'],
      ['supervisory_visit', '2026-04-04'],
    ]);
  });
});

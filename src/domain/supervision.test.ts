import { describe, expect, it } from 'vitest';
import { bookedVisit, careReferral, clocksFor, heldVisit } from '../../test/care-clocks';
import type { CareClockItem } from './care-clock-items';
import type { AgencyCareClockPolicy, StateCareClockRules } from './care-clock-rules';

const supervisory = (items: CareClockItem[]) => items.filter((item) => item.kind === 'supervisory_visit');
const coSignatures = (items: CareClockItem[]) => items.filter((item) => item.kind === 'co_signature');

// A Texas PT referral: evaluated Tue 3 Mar 2026, the PTA's first visit Thu 5 Mar 09:00 CST.
const evaluation = heldVisit('evaluation', 'PT', '2026-03-03T16:00:00.000Z');
const firstPtaVisit = heldVisit('routine', 'PTA', '2026-03-05T15:00:00.000Z');

// State rows here are test configuration, not claims about any state's law.
const strictTexas: Partial<Record<string, StateCareClockRules>> = { TX: { supervisoryVisitIntervalDays: 14 } };

describe('supervisory visit while an assistant treats, at the interval the state sets', () => {
  const now = '2026-03-20T12:00:00.000Z';
  it.each<{ story: string; state: string; stateRules?: Partial<Record<string, StateCareClockRules>>; policy?: AgencyCareClockPolicy; dueDate: string; expected: string }>([
    { story: 'by default every 30 days from the assistant’s first visit', state: 'TX', dueDate: '2026-04-04', expected: 'upcoming' },
    { story: 'every 14 days where the state says 14', state: 'TX', stateRules: strictTexas, dueDate: '2026-03-19', expected: 'overdue' },
    { story: 'another state’s row does not apply', state: 'NY', stateRules: strictTexas, dueDate: '2026-04-04', expected: 'upcoming' },
    { story: 'every 21 days where the agency asks for 21', state: 'TX', policy: { supervisoryVisitIntervalDays: 21 }, dueDate: '2026-03-26', expected: 'due_soon' },
    { story: 'an agency cannot loosen the state’s 14 days', state: 'TX', stateRules: strictTexas, policy: { supervisoryVisitIntervalDays: 45 }, dueDate: '2026-03-19', expected: 'overdue' },
    { story: 'a policy of 0 days is ignored rather than making it overdue at once', state: 'TX', policy: { supervisoryVisitIntervalDays: 0 }, dueDate: '2026-04-04', expected: 'upcoming' },
  ])('$story', ({ state, stateRules, policy, dueDate, expected }) => {
    const items = clocksFor({ referral: careReferral({ patientState: state }), visits: [evaluation, firstPtaVisit], stateRules, policy, now });
    expect(supervisory(items)).toMatchObject([{ visitType: 'supervisory', dueDate, state: expected, by: ['PT'] }]);
  });

  it('counts on the patient’s clock: due by the end of the day in Texas', () => {
    const [item] = supervisory(clocksFor({ visits: [evaluation, firstPtaVisit], now }));
    expect(item?.dueBy.toISOString()).toBe('2026-04-05T04:59:59.999Z');
  });

  it.each([
    { story: 'a supervisory visit by the PT restarts it from that visit', visits: [heldVisit('supervisory', 'PT', '2026-03-20T15:00:00.000Z'), heldVisit('routine', 'PTA', '2026-03-24T15:00:00.000Z')], dueDate: '2026-04-19' },
    { story: 'and an assistant visit booked after it keeps it running', visits: [heldVisit('supervisory', 'PT', '2026-03-20T15:00:00.000Z'), bookedVisit('routine', 'PTA', '2026-03-27T15:00:00.000Z')], dueDate: '2026-04-19' },
    { story: 'a “supervisory” visit by the PTA does not count', visits: [heldVisit('supervisory', 'PTA', '2026-03-20T15:00:00.000Z')], dueDate: '2026-04-04' },
    { story: 'a reassessment by the PT is not a supervisory visit', visits: [heldVisit('reassessment', 'PT', '2026-03-20T15:00:00.000Z')], dueDate: '2026-04-04' },
    { story: 'a missed supervisory visit does not count', visits: [bookedVisit('supervisory', 'PT', '2026-03-20T15:00:00.000Z', 'missed')], dueDate: '2026-04-04' },
  ])('$story', ({ visits, dueDate }) => {
    expect(supervisory(clocksFor({ visits: [evaluation, firstPtaVisit, ...visits], now: '2026-03-25T00:00:00.000Z' }))[0]?.dueDate).toBe(dueDate);
  });

  it('starts from an assistant visit that is only booked so far', () => {
    const items = clocksFor({ visits: [evaluation, bookedVisit('routine', 'PTA', '2026-03-25T15:00:00.000Z')], now: '2026-03-20T00:00:00.000Z' });
    expect(supervisory(items)).toMatchObject([{ dueDate: '2026-04-24', state: 'upcoming' }]);
  });

  it('shows the supervisory visit already booked', () => {
    const booked = bookedVisit('supervisory', 'PT', '2026-04-01T15:00:00.000Z');
    expect(supervisory(clocksFor({ visits: [evaluation, firstPtaVisit, booked], now: '2026-03-25T00:00:00.000Z' }))[0]?.booked?.visitId).toBe(booked.id);
  });

  it.each([
    { story: 'while only the PT treats', referral: careReferral(), visits: [evaluation, heldVisit('routine', 'PT', '2026-03-05T15:00:00.000Z')] },
    { story: 'when the assistant’s visits were all missed or cancelled', referral: careReferral(), visits: [evaluation, bookedVisit('routine', 'PTA', '2026-03-05T15:00:00.000Z', 'missed'), bookedVisit('routine', 'PTA', '2026-03-06T15:00:00.000Z', 'cancelled')] },
    { story: 'after the last supervisory visit when no assistant visit has followed', referral: careReferral(), visits: [evaluation, firstPtaVisit, heldVisit('supervisory', 'PT', '2026-03-20T15:00:00.000Z')] },
    { story: 'on a speech referral, which has no assistant', referral: careReferral({ discipline: 'ST' }), visits: [heldVisit('evaluation', 'ST', '2026-03-03T16:00:00.000Z')] },
    { story: 'once the patient is discharged', referral: careReferral(), visits: [evaluation, firstPtaVisit, heldVisit('discharge', 'PT', '2026-03-22T15:00:00.000Z')] },
  ])('is not due $story', ({ referral, visits }) => {
    expect(supervisory(clocksFor({ referral, visits, now: '2026-04-20T00:00:00.000Z' }))).toEqual([]);
  });

  it('is the OT’s when a COTA treats on an OT referral', () => {
    const items = clocksFor({ referral: careReferral({ discipline: 'OT' }), visits: [heldVisit('evaluation', 'OT', '2026-03-03T16:00:00.000Z'), heldVisit('routine', 'COTA', '2026-03-05T15:00:00.000Z')], now: '2026-03-20T00:00:00.000Z' });
    expect(supervisory(items)).toMatchObject([{ by: ['OT'], dueDate: '2026-04-04' }]);
    expect(supervisory(items)[0]?.reason).toContain('COTA');
  });
});

describe('co-signature of assistant notes, where the state or the agency requires it', () => {
  // The PTA signed the note of the 5 Mar visit at 14:00 CST; 7 days later is Thu 12 Mar.
  const signed = (overrides: Parameters<typeof heldVisit>[3] = {}) => heldVisit('routine', 'PTA', '2026-03-05T15:00:00.000Z', { noteSignedAt: new Date('2026-03-05T20:00:00.000Z'), noteCoSignedAt: null, ...overrides });
  const requiring: Partial<Record<string, StateCareClockRules>> = { TX: { coSignatureRequired: true } };
  const now = '2026-03-10T12:00:00.000Z';

  it.each<{ story: string; stateRules?: Partial<Record<string, StateCareClockRules>>; policy?: AgencyCareClockPolicy; due: boolean }>([
    { story: 'not required where neither the state nor the agency asks', due: false },
    { story: 'required where the state asks', stateRules: requiring, due: true },
    { story: 'required where the agency asks though its state does not', policy: { coSignatureRequired: true }, due: true },
    { story: 'still required where the state asks and the agency says no', stateRules: requiring, policy: { coSignatureRequired: false }, due: true },
  ])('$story', ({ stateRules, policy, due }) => {
    const visit = signed();
    const items = coSignatures(clocksFor({ visits: [evaluation, visit], stateRules, policy, now }));
    expect(items).toEqual(due ? [expect.objectContaining({ visitId: visit.id, visitType: null, dueDate: '2026-03-12', state: 'upcoming', by: ['PT'], booked: null })] : []);
  });

  it.each([
    { story: 'once the PT has co-signed it', visit: signed({ noteCoSignedAt: new Date('2026-03-06T15:00:00.000Z') }) },
    { story: 'while the assistant has not signed it yet', visit: signed({ noteSignedAt: null }) },
    { story: 'for the PT’s own note', visit: heldVisit('routine', 'PT', '2026-03-05T15:00:00.000Z', { noteSignedAt: new Date('2026-03-05T20:00:00.000Z') }) },
  ])('nothing to co-sign $story', ({ visit }) => {
    expect(coSignatures(clocksFor({ visits: [evaluation, visit], stateRules: requiring, now }))).toEqual([]);
  });

  it('is overdue after the days the state allows', () => {
    const items = coSignatures(clocksFor({ visits: [evaluation, signed()], stateRules: { TX: { coSignatureRequired: true, coSignatureWithinDays: 3 } }, now }));
    expect(items).toMatchObject([{ dueDate: '2026-03-08', state: 'overdue' }]);
  });

  it('is one item per note, and stays due after the patient is discharged', () => {
    const second = heldVisit('routine', 'PTA', '2026-03-07T15:00:00.000Z', { noteSignedAt: new Date('2026-03-07T20:00:00.000Z') });
    const discharge = heldVisit('discharge', 'PT', '2026-03-09T15:00:00.000Z');
    const items = coSignatures(clocksFor({ visits: [evaluation, signed(), second, discharge], stateRules: requiring, now }));
    expect(items.map((item) => item.dueDate)).toEqual(['2026-03-12', '2026-03-14']);
  });
});

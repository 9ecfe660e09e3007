import { describe, expect, it } from 'vitest';
import { bookedVisit, careReferral, clocksFor, heldVisit } from '../../test/care-clocks';
import type { Discipline } from './accounts';
import type { CareVisitType } from './care-visit-types';
import type { ReferralDiscipline } from './service-eligibility';
import { mayDoVisit, suggestVisitTypes } from './visit-permissions';

// Written out by hand from the rule: [therapist, referral, visit type, allowed].
const table: Array<[Discipline, ReferralDiscipline, CareVisitType, boolean]> = [
  ['PT', 'PT', 'evaluation', true],
  ['PT', 'PT', 'routine', true],
  ['PT', 'PT', 'reassessment', true],
  ['PT', 'PT', 'supervisory', true],
  ['PT', 'PT', 'discharge', true],
  ['PTA', 'PT', 'evaluation', false],
  ['PTA', 'PT', 'routine', true],
  ['PTA', 'PT', 'reassessment', false],
  ['PTA', 'PT', 'supervisory', false],
  ['PTA', 'PT', 'discharge', false],
  ['OT', 'OT', 'evaluation', true],
  ['OT', 'OT', 'reassessment', true],
  ['COTA', 'OT', 'evaluation', false],
  ['COTA', 'OT', 'routine', true],
  ['COTA', 'OT', 'reassessment', false],
  ['COTA', 'OT', 'supervisory', false],
  ['COTA', 'OT', 'discharge', false],
  ['ST', 'ST', 'evaluation', true],
  ['ST', 'ST', 'reassessment', true],
  ['ST', 'ST', 'discharge', true],
  ['OT', 'PT', 'routine', false],
  ['PT', 'OT', 'evaluation', false],
  ['COTA', 'PT', 'routine', false],
  ['PTA', 'OT', 'routine', false],
  ['PTA', 'ST', 'routine', false],
  ['COTA', 'ST', 'routine', false],
];

describe('mayDoVisit', () => {
  it.each(table)('a %s on a %s referral, %s → %s', (discipline, referral, visitType, allowed) => {
    expect(mayDoVisit(discipline, visitType, referral).allowed).toBe(allowed);
  });

  it.each([
    { discipline: 'PTA', visitType: 'evaluation', referral: 'PT', message: 'A Physical Therapist Assistant may not do an evaluation: the evaluation is a qualified therapist’s (PT, OT or SLP), never an assistant’s (42 CFR 409.44(c)(2)(i))' },
    { discipline: 'PTA', visitType: 'reassessment', referral: 'PT', message: 'A Physical Therapist Assistant may not do a reassessment: Medicare requires a qualified therapist (PT, OT or SLP), not an assistant, to reassess the patient (42 CFR 409.44(c)(2)(i))' },
    { discipline: 'PTA', visitType: 'supervisory', referral: 'PT', message: 'A Physical Therapist Assistant may not do a supervisory visit: a supervisory visit is made by the supervising therapist' },
    { discipline: 'PTA', visitType: 'discharge', referral: 'PT', message: 'A Physical Therapist Assistant may not do a discharge: the discharge visit and summary are the supervising therapist’s' },
    { discipline: 'OT', visitType: 'routine', referral: 'PT', message: 'An Occupational Therapist may not do visits on a PT referral' },
    { discipline: 'PTA', visitType: 'routine', referral: 'OT', message: 'A Physical Therapist Assistant may not do visits on an OT referral' },
  ] as const)('says why a $discipline may not do a $visitType visit on a $referral referral', ({ discipline, visitType, referral, message }) => {
    expect(mayDoVisit(discipline, visitType, referral)).toEqual({ allowed: false, message });
  });
});

describe('suggestVisitTypes', () => {
  const evaluation = heldVisit('evaluation', 'PT', '2026-03-03T16:00:00.000Z');
  const ptaVisit = heldVisit('routine', 'PTA', '2026-03-05T15:00:00.000Z');

  it('offers only the evaluation before the start of care, and nothing to an assistant', () => {
    const items = clocksFor({ now: '2026-03-03T00:00:00.000Z' });
    expect(suggestVisitTypes(items, 'PT', 'PT').map((s) => s.visitType)).toEqual(['evaluation']);
    expect(suggestVisitTypes(items, 'PTA', 'PT')).toEqual([]);
  });

  it('offers the PT what is due, most pressing first, then a routine visit', () => {
    const items = clocksFor({ visits: [evaluation, ptaVisit], carePlanEndDate: '2026-04-30', now: '2026-03-30T00:00:00.000Z' });
    expect(suggestVisitTypes(items, 'PT', 'PT')).toEqual([
      { visitType: 'reassessment', dueBy: new Date('2026-04-03T04:59:59.999Z'), state: 'due_soon', reason: expect.stringContaining('409.44') },
      { visitType: 'supervisory', dueBy: new Date('2026-04-05T04:59:59.999Z'), state: 'due_soon', reason: expect.stringContaining('PTA') },
      { visitType: 'discharge', dueBy: new Date('2026-05-01T04:59:59.999Z'), state: 'upcoming', reason: expect.any(String) },
      { visitType: 'routine', dueBy: null, state: null, reason: null },
    ]);
  });

  it('offers the PTA only a routine visit, whatever the PT owes', () => {
    const items = clocksFor({ visits: [evaluation, ptaVisit], now: '2026-04-10T00:00:00.000Z' });
    expect(items.map((item) => item.state)).toContain('overdue');
    expect(suggestVisitTypes(items, 'PTA', 'PT').map((s) => s.visitType)).toEqual(['routine']);
  });

  it('leaves out a co-signature, which is not a visit', () => {
    const signed = heldVisit('routine', 'PTA', '2026-03-05T15:00:00.000Z', { noteSignedAt: new Date('2026-03-05T20:00:00.000Z') });
    const items = clocksFor({ referral: careReferral(), visits: [evaluation, signed, bookedVisit('reassessment', 'PT', '2026-03-20T15:00:00.000Z')], policy: { coSignatureRequired: true }, now: '2026-03-10T00:00:00.000Z' });
    expect(items.some((item) => item.kind === 'co_signature')).toBe(true);
    expect(suggestVisitTypes(items, 'PT', 'PT').map((s) => s.visitType)).toEqual(['reassessment', 'supervisory', 'routine']);
  });
});

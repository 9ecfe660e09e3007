import { describe, expect, it } from 'vitest';
import { actingDiscipline, defaultVisitType, visitTypeFitsService } from './visit-type-choice';

describe('visit type of a booked visit', () => {
  it('defaults to the care type of its service', () => {
    expect(defaultVisitType('evaluation')).toBe('evaluation');
    expect(defaultVisitType('treatment')).toBe('routine');
    expect(defaultVisitType('progress_report')).toBe('reassessment');
    expect(defaultVisitType('discharge')).toBe('discharge');
  });

  it.each([
    ['reassessment', 'treatment', true],
    ['supervisory', 'treatment', true],
    ['routine', 'treatment', true],
    ['evaluation', 'treatment', false],
    ['discharge', 'treatment', false],
    ['reassessment', 'progress_report', true],
    ['routine', 'progress_report', false],
    ['supervisory', 'evaluation', false],
    ['evaluation', 'evaluation', true],
  ] as const)('a %s booked as %s: %s', (visitType, serviceId, fits) => {
    expect(visitTypeFitsService(visitType, serviceId)).toBe(fits);
  });
});

describe('the discipline a therapist acts as on a referral', () => {
  it.each([
    [['PT'], 'PT', 'PT'],
    [['PTA'], 'PT', 'PTA'],
    [['PT', 'PTA'], 'PT', 'PT'],
    [['COTA'], 'OT', 'COTA'],
    [['PTA'], 'OT', null],
    [['PT'], 'ST', null],
  ] as const)('%j on a %s referral acts as %s', (held, referral, acting) => {
    expect(actingDiscipline(held, referral)).toBe(acting);
  });
});

import { describe, expect, it } from 'vitest';
import { disciplines, serviceTypes } from './accounts';
import { careVisitTypeOfService, isAssistant, isHeld, isQualifiedTherapist, supervisingDisciplineOf } from './care-visit-types';
import { visitStatuses } from './visits';

describe('care visit disciplines', () => {
  it.each([
    ['PT', null, false, true],
    ['PTA', 'PT', true, false],
    ['OT', null, false, true],
    ['COTA', 'OT', true, false],
    ['ST', null, false, true],
  ] as const)('a %s is supervised by %s (assistant: %s, qualified therapist: %s)', (discipline, supervisor, assistant, qualified) => {
    expect(supervisingDisciplineOf(discipline)).toBe(supervisor);
    expect(isAssistant(discipline)).toBe(assistant);
    expect(isQualifiedTherapist(discipline)).toBe(qualified);
  });

  it('covers every discipline', () => {
    expect(disciplines.filter((d) => isAssistant(d) === isQualifiedTherapist(d))).toEqual([]);
  });
});

describe('careVisitTypeOfService', () => {
  it('gives every priced service a care visit type; the progress report is the reassessment', () => {
    expect(serviceTypes.map((s) => careVisitTypeOfService[s.id])).toEqual(['evaluation', 'routine', 'reassessment', 'discharge']);
  });
});

describe('isHeld', () => {
  it('is true from check-in on, never for a scheduled, missed or cancelled visit', () => {
    expect(visitStatuses.filter(isHeld)).toEqual(['in_progress', 'completed', 'documented', 'approved', 'paid']);
  });
});

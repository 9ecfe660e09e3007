import { describe, expect, it } from 'vitest';
import { disciplines, serviceTypes, type Discipline, type ServiceTypeId } from './accounts';
import {
  canPerform,
  canTakeAllServices,
  isReferralDiscipline,
  referralDisciplines,
  servicesNotCovered,
  type ReferralDiscipline,
} from './service-eligibility';

// Written out by hand from the rule rather than derived from it: [therapist, referral, service, may perform].
const table: Array<[Discipline, ReferralDiscipline, ServiceTypeId, boolean]> = [
  ['PT', 'PT', 'evaluation', true],
  ['PT', 'PT', 'treatment', true],
  ['PT', 'PT', 'progress_report', true],
  ['PT', 'PT', 'discharge', true],
  ['PT', 'OT', 'evaluation', false],
  ['PT', 'OT', 'treatment', false],
  ['PT', 'OT', 'progress_report', false],
  ['PT', 'OT', 'discharge', false],
  ['PT', 'ST', 'evaluation', false],
  ['PT', 'ST', 'treatment', false],
  ['PT', 'ST', 'progress_report', false],
  ['PT', 'ST', 'discharge', false],

  ['PTA', 'PT', 'evaluation', false],
  ['PTA', 'PT', 'treatment', true],
  ['PTA', 'PT', 'progress_report', false],
  ['PTA', 'PT', 'discharge', false],
  ['PTA', 'OT', 'evaluation', false],
  ['PTA', 'OT', 'treatment', false],
  ['PTA', 'OT', 'progress_report', false],
  ['PTA', 'OT', 'discharge', false],
  ['PTA', 'ST', 'evaluation', false],
  ['PTA', 'ST', 'treatment', false],
  ['PTA', 'ST', 'progress_report', false],
  ['PTA', 'ST', 'discharge', false],

  ['OT', 'PT', 'evaluation', false],
  ['OT', 'PT', 'treatment', false],
  ['OT', 'PT', 'progress_report', false],
  ['OT', 'PT', 'discharge', false],
  ['OT', 'OT', 'evaluation', true],
  ['OT', 'OT', 'treatment', true],
  ['OT', 'OT', 'progress_report', true],
  ['OT', 'OT', 'discharge', true],
  ['OT', 'ST', 'evaluation', false],
  ['OT', 'ST', 'treatment', false],
  ['OT', 'ST', 'progress_report', false],
  ['OT', 'ST', 'discharge', false],

  ['COTA', 'PT', 'evaluation', false],
  ['COTA', 'PT', 'treatment', false],
  ['COTA', 'PT', 'progress_report', false],
  ['COTA', 'PT', 'discharge', false],
  ['COTA', 'OT', 'evaluation', false],
  ['COTA', 'OT', 'treatment', true],
  ['COTA', 'OT', 'progress_report', false],
  ['COTA', 'OT', 'discharge', false],
  ['COTA', 'ST', 'evaluation', false],
  ['COTA', 'ST', 'treatment', false],
  ['COTA', 'ST', 'progress_report', false],
  ['COTA', 'ST', 'discharge', false],

  ['ST', 'PT', 'evaluation', false],
  ['ST', 'PT', 'treatment', false],
  ['ST', 'PT', 'progress_report', false],
  ['ST', 'PT', 'discharge', false],
  ['ST', 'OT', 'evaluation', false],
  ['ST', 'OT', 'treatment', false],
  ['ST', 'OT', 'progress_report', false],
  ['ST', 'OT', 'discharge', false],
  ['ST', 'ST', 'evaluation', true],
  ['ST', 'ST', 'treatment', true],
  ['ST', 'ST', 'progress_report', true],
  ['ST', 'ST', 'discharge', true],
];

describe('canPerform', () => {
  it('has a row for every therapist discipline × referral discipline × service, once each', () => {
    const keys = new Set(table.map(([therapist, referral, service]) => `${therapist}/${referral}/${service}`));
    expect(table).toHaveLength(disciplines.length * referralDisciplines.length * serviceTypes.length);
    expect(keys.size).toBe(60);
  });

  it.each(table)('%s on a %s referral, %s → %s', (therapist, referral, service, expected) => {
    expect(canPerform(therapist, referral, service)).toBe(expected);
  });
});

describe('canTakeAllServices', () => {
  it.each<[Discipline[], ReferralDiscipline, ServiceTypeId[], boolean, string]>([
    [['PTA'], 'PT', ['treatment'], true, 'a PTA takes PT treatment only'],
    [['PTA'], 'PT', ['treatment', 'evaluation'], false, 'a PTA cannot evaluate'],
    [['PTA'], 'PT', ['treatment', 'discharge'], false, 'a PTA cannot discharge'],
    [['COTA'], 'OT', ['treatment'], true, 'a COTA takes OT treatment only'],
    [['COTA'], 'OT', ['treatment', 'progress_report'], false, 'a COTA cannot write a progress report'],
    [['COTA'], 'PT', ['treatment'], false, 'a COTA cannot treat under a PT plan'],
    [['PT'], 'PT', ['evaluation', 'treatment', 'progress_report', 'discharge'], true, 'a PT takes all PT services'],
    [['ST'], 'ST', ['evaluation', 'treatment', 'progress_report', 'discharge'], true, 'an ST takes all ST services'],
    [['PT', 'OT'], 'OT', ['evaluation', 'treatment'], true, 'a dual-licensed PT/OT takes OT services'],
    [['PTA', 'COTA'], 'OT', ['treatment'], true, 'a PTA/COTA takes OT treatment as a COTA'],
    [['PTA', 'COTA'], 'ST', ['treatment'], false, 'no assistant treats on an ST referral'],
    [[], 'PT', ['treatment'], false, 'no discipline on file'],
    [['PT'], 'PT', [], false, 'no services listed'],
  ])('%j on %s for %j → %s (%s)', (therapist, referral, services, expected) => {
    expect(canTakeAllServices(therapist, referral, services)).toBe(expected);
  });
});

describe('servicesNotCovered', () => {
  it('lists the services no discipline of the therapist may perform, in the order asked', () => {
    expect(servicesNotCovered(['PTA'], 'PT', ['discharge', 'treatment', 'evaluation'])).toEqual([
      'discharge',
      'evaluation',
    ]);
    expect(servicesNotCovered(['PT'], 'PT', ['evaluation', 'treatment'])).toEqual([]);
  });
});

describe('referralDisciplines', () => {
  it('are the licensed disciplines, never an assistant', () => {
    expect(referralDisciplines).toEqual(['PT', 'OT', 'ST']);
    expect(isReferralDiscipline('OT')).toBe(true);
    expect(isReferralDiscipline('PTA')).toBe(false);
    expect(isReferralDiscipline('COTA')).toBe(false);
  });
});

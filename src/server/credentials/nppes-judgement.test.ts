import { describe, expect, it } from 'vitest';
import { nppesRecord } from '../../../test/nppes-double';
import { judgeNppesAnswer, type NppesSubject } from './nppes-judgement';

const subject: NppesSubject = { npi: '1234567893', firstName: 'Casey', lastName: 'Tester', disciplines: ['PT'] };
const found = (overrides: Parameters<typeof nppesRecord>[0] extends infer R ? Partial<R> : never) => ({
  result_count: 1,
  results: [nppesRecord({ npi: subject.npi, firstName: 'CASEY', lastName: 'TESTER', ...overrides })],
});

describe('judging an NPPES answer', () => {
  it('is clear for an active individual in the therapist’s name with their discipline’s taxonomy', () => {
    const verdict = judgeNppesAnswer(found({}), subject);
    expect(verdict.outcome).toBe('clear');
    expect(verdict.detail).toContain('NPI 1234567893 is active');
  });

  it('accepts a first initial, another case and a specialty of the discipline (2251…)', () => {
    expect(judgeNppesAnswer(found({ firstName: 'C', taxonomy: '2251G0304X' }), subject).outcome).toBe('clear');
  });

  it('sends each mismatch to review, naming it', () => {
    expect(judgeNppesAnswer({ result_count: 0, results: [] }, subject).detail).toContain('not found in NPPES');
    expect(judgeNppesAnswer(found({ status: 'D' }), subject).detail).toContain('not active');
    expect(judgeNppesAnswer(found({ type: 'NPI-2' }), subject).detail).toContain('organization');
    expect(judgeNppesAnswer(found({ lastName: 'Smith' }), subject).detail).toContain('NPPES names CASEY SMITH, not Casey Tester');
    const wrongTaxonomy = judgeNppesAnswer(found({ taxonomy: '225X00000X', desc: 'Occupational Therapist' }), subject);
    expect(wrongTaxonomy.outcome).toBe('review');
    expect(wrongTaxonomy.detail).toContain('no taxonomy for Physical Therapist (225100000X)');
    expect(judgeNppesAnswer({ result_count: 0, Errors: [{ description: 'bad number' }] }, subject).detail).toContain('refused the query (bad number)');
  });

  it('knows each discipline’s taxonomy: an assistant’s record does not clear a therapist', () => {
    expect(judgeNppesAnswer(found({ taxonomy: '225200000X' }), { ...subject, disciplines: ['PTA'] }).outcome).toBe('clear');
    expect(judgeNppesAnswer(found({ taxonomy: '225200000X' }), subject).outcome).toBe('review');
    expect(judgeNppesAnswer(found({ taxonomy: '224Z00000X' }), { ...subject, disciplines: ['COTA'] }).outcome).toBe('clear');
    expect(judgeNppesAnswer(found({ taxonomy: '235Z00000X' }), { ...subject, disciplines: ['ST'] }).outcome).toBe('clear');
  });
});

import { describe, expect, it } from 'vitest';
import { bookedVisit, careReferral, heldVisit } from '../../test/care-clocks';
import { DEFAULT_CARE_CLOCK_RULES } from './care-clock-rules';
import { visitsAfterLapsedReassessment } from './reassessment-coverage';

// A Texas PT referral evaluated Tue 3 Mar 2026: the reassessment is due by the end of Thu 2 Apr (CDT).
const evaluation = heldVisit('evaluation', 'PT', '2026-03-03T16:00:00.000Z');
const uncovered = (...visits: ReturnType<typeof heldVisit>[]) => visitsAfterLapsedReassessment(careReferral(), [evaluation, ...visits], DEFAULT_CARE_CLOCK_RULES);

describe('visitsAfterLapsedReassessment: therapy visits Medicare does not cover while the reassessment is overdue', () => {
  it('covers every visit up to the last minute of day 30', () => {
    expect(uncovered(heldVisit('routine', 'PTA', '2026-04-03T04:59:00.000Z'))).toEqual([]);
  });

  it('does not cover a PTA’s or the PT’s routine visits after day 30 until the PT reassesses, then covers again', () => {
    const lateByPta = heldVisit('routine', 'PTA', '2026-04-03T15:00:00.000Z');
    const lateByPt = heldVisit('routine', 'PT', '2026-04-04T15:00:00.000Z');
    const reassessment = heldVisit('reassessment', 'PT', '2026-04-06T15:00:00.000Z');
    const after = heldVisit('routine', 'PTA', '2026-04-08T15:00:00.000Z');
    expect(uncovered(lateByPta, lateByPt, reassessment, after)).toEqual([
      { visitId: lateByPta.id, reassessmentDueDate: '2026-04-02' },
      { visitId: lateByPt.id, reassessmentDueDate: '2026-04-02' },
    ]);
  });

  it.each([
    { story: 'a PTA’s “reassessment” does not restore coverage', restart: heldVisit('reassessment', 'PTA', '2026-04-01T15:00:00.000Z'), covered: false },
    { story: 'a supervisory visit does not restore coverage', restart: heldVisit('supervisory', 'PT', '2026-04-01T15:00:00.000Z'), covered: false },
    { story: 'a reassessment on day 29 keeps day 31 covered', restart: heldVisit('reassessment', 'PT', '2026-04-01T15:00:00.000Z'), covered: true },
  ])('$story', ({ restart, covered }) => {
    const day31 = heldVisit('routine', 'PTA', '2026-04-03T15:00:00.000Z');
    expect(uncovered(restart, day31)).toEqual(covered ? [] : [{ visitId: day31.id, reassessmentDueDate: '2026-04-02' }]);
  });

  it('ignores visits not held: a booked or missed visit is not billed', () => {
    expect(uncovered(bookedVisit('routine', 'PTA', '2026-04-05T15:00:00.000Z'), bookedVisit('routine', 'PTA', '2026-04-06T15:00:00.000Z', 'missed'))).toEqual([]);
  });

  it('has no clock before the evaluation', () => {
    expect(visitsAfterLapsedReassessment(careReferral(), [heldVisit('routine', 'PT', '2026-05-01T15:00:00.000Z')], DEFAULT_CARE_CLOCK_RULES)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { clocksFor, heldVisit } from '../../test/care-clocks';
import { CARE_DEADLINES_HORIZON_DAYS, isInCareDeadlines } from './care-deadlines';

// Evaluated Tue 3 Mar 2026 in Texas: the reassessment is due by the end of Thu 2 Apr (CDT),
// 2026-04-03T04:59:59.999Z (care-clocks.test.ts); 14 days before that is 2026-03-20T04:59:59.999Z.
const evaluation = heldVisit('evaluation', 'PT', '2026-03-03T16:00:00.000Z');

describe(`care deadlines: overdue and due soon always, upcoming within ${CARE_DEADLINES_HORIZON_DAYS} days`, () => {
  it.each([
    { story: 'a week after the evaluation, three weeks away, it is not listed', now: '2026-03-10T12:00:00.000Z', state: 'upcoming', listed: false },
    { story: 'a millisecond more than 14 days away it is not listed', now: '2026-03-20T04:59:59.998Z', state: 'upcoming', listed: false },
    { story: 'exactly 14 days away it is listed', now: '2026-03-20T04:59:59.999Z', state: 'upcoming', listed: true },
    { story: 'due soon it is listed', now: '2026-03-30T12:00:00.000Z', state: 'due_soon', listed: true },
    { story: 'overdue it is listed, however long ago', now: '2026-06-01T12:00:00.000Z', state: 'overdue', listed: true },
  ])('$story', ({ now, state, listed }) => {
    const [item] = clocksFor({ visits: [evaluation], now });
    expect(item).toMatchObject({ kind: 'reassessment', state });
    expect(isInCareDeadlines(item!, new Date(now))).toBe(listed);
  });
});

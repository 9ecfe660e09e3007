import { describe, expect, it } from 'vitest';
import { isLateCheckIn, noteTiming, reliability, type ReliabilityCounts } from './reliability';

const counts = (fields: Partial<ReliabilityCounts> = {}): ReliabilityCounts => ({
  asScheduled: 0,
  late: 0,
  missed: 0,
  cancelledAfterConfirm: 0,
  notesDue: 0,
  notesOnTime: 0,
  ...fields,
});

describe('reliability', () => {
  it('scores the share of visits and notes done as agreed, and says so with every part', () => {
    const result = reliability(counts({ asScheduled: 46, late: 2, missed: 1, cancelledAfterConfirm: 1, notesDue: 48, notesOnTime: 44 }));
    // (46 + 44) / (50 + 48) = 91.8%
    expect(result.score).toBe(92);
    expect(result.visitsDue).toBe(50);
    expect(result.summary).toBe('92% reliable: 46 of 50 visits as scheduled, 2 late, 1 missed; 44 of 48 notes signed on time; 1 cancellation after confirm');
  });

  it('counts late, missed and cancelled visits against the score', () => {
    expect(reliability(counts({ asScheduled: 10 })).score).toBe(100);
    expect(reliability(counts({ asScheduled: 8, late: 2 })).score).toBe(80);
    expect(reliability(counts({ asScheduled: 8, missed: 2 })).score).toBe(80);
    expect(reliability(counts({ asScheduled: 8, cancelledAfterConfirm: 2 })).score).toBe(80);
    expect(reliability(counts({ asScheduled: 10, notesDue: 10, notesOnTime: 5 })).score).toBe(75);
  });

  it('gives no score below five visits, only the count', () => {
    const result = reliability(counts({ asScheduled: 2, late: 1, notesDue: 3, notesOnTime: 3 }));
    expect(result.score).toBeNull();
    expect(result.summary).toBe('Too few visits to score yet (3)');
    expect(reliability(counts({ asScheduled: 5 })).score).toBe(100);
  });

  it('words single parts in the singular', () => {
    expect(reliability(counts({ asScheduled: 4, missed: 1, notesDue: 1, notesOnTime: 0 })).summary).toBe(
      '67% reliable: 4 of 5 visits as scheduled, 0 late, 1 missed; 0 of 1 note signed on time; 0 cancellations after confirm',
    );
  });
});

describe('isLateCheckIn', () => {
  const start = new Date('2026-11-24T15:00:00Z');
  it('is late only more than 15 minutes after the start', () => {
    expect(isLateCheckIn(start, new Date('2026-11-24T14:40:00Z'))).toBe(false);
    expect(isLateCheckIn(start, new Date('2026-11-24T15:15:00Z'))).toBe(false);
    expect(isLateCheckIn(start, new Date('2026-11-24T15:16:00Z'))).toBe(true);
  });
});

describe('noteTiming', () => {
  const checkOutAt = new Date('2026-11-20T16:00:00Z');
  const now = new Date('2026-11-24T12:00:00Z');
  it('is on time when first signed within the deadline after check-out', () => {
    expect(noteTiming({ checkOutAt, firstSignedAt: new Date('2026-11-22T16:00:00Z'), dueHours: 48, now })).toBe('on_time');
    expect(noteTiming({ checkOutAt, firstSignedAt: new Date('2026-11-22T16:01:00Z'), dueHours: 48, now })).toBe('late');
  });
  it('is late unsigned past the deadline, and not yet due before it', () => {
    expect(noteTiming({ checkOutAt, firstSignedAt: null, dueHours: 48, now })).toBe('late');
    expect(noteTiming({ checkOutAt, firstSignedAt: null, dueHours: 48, now: new Date('2026-11-21T16:00:00Z') })).toBe('not_due');
  });
});

import { describe, expect, it } from 'vitest';
import { careAttentionOf } from './care-clock-attention';

const dueBy = new Date('2026-03-04T05:59:59.999Z');
const before = new Date('2026-03-03T15:00:00Z');
const after = new Date('2026-03-05T15:00:00Z');

describe('care items that need attention', () => {
  it('an overdue item always does, booked or not', () => {
    expect(careAttentionOf({ state: 'overdue', dueBy, booked: null })).toBe('overdue');
    expect(careAttentionOf({ state: 'overdue', dueBy, booked: { visitId: 'v', at: after } })).toBe('overdue');
  });

  it('a due-soon item does unless a visit meeting it is booked by its deadline', () => {
    expect(careAttentionOf({ state: 'due_soon', dueBy, booked: null })).toBe('due_soon');
    expect(careAttentionOf({ state: 'due_soon', dueBy, booked: { visitId: 'v', at: after } })).toBe('due_soon');
    expect(careAttentionOf({ state: 'due_soon', dueBy, booked: { visitId: 'v', at: before } })).toBeNull();
  });

  it('an upcoming item does not', () => {
    expect(careAttentionOf({ state: 'upcoming', dueBy, booked: null })).toBeNull();
  });
});

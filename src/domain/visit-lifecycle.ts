import type { VisitStatus } from './visits';

/**
 * A visit's lifecycle, shared by the server (which enforces it) and the web (which offers only what
 * it allows). Pure: no I/O.
 *
 * scheduled → in_progress (check-in) → completed (check-out) → documented (notes signed)
 *   → approved (notes approved; payable) → paid (the agency's charge and the payout both paid).
 * A returned note moves documented back to completed. Only a scheduled visit can be missed or
 * cancelled.
 */
export const VISIT_MOVES: Readonly<Record<VisitStatus, readonly VisitStatus[]>> = {
  scheduled: ['in_progress', 'missed', 'cancelled'],
  in_progress: ['completed'],
  completed: ['documented'],
  documented: ['approved', 'completed'],
  approved: ['paid'],
  paid: [],
  missed: [],
  cancelled: [],
};

export function canMoveVisit(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_MOVES[from].includes(to);
}

export type VisitParty = 'agency' | 'therapist';
export type VisitChange = 'reschedule' | 'cancel' | 'missed' | 'check_in' | 'check_out';

/** The changes a person makes to a visit: who may make each, and from which status. */
export const VISIT_CHANGES: Readonly<Record<VisitChange, { by: readonly VisitParty[]; from: VisitStatus }>> = {
  reschedule: { by: ['therapist'], from: 'scheduled' },
  cancel: { by: ['therapist', 'agency'], from: 'scheduled' },
  missed: { by: ['therapist', 'agency'], from: 'scheduled' },
  check_in: { by: ['therapist'], from: 'scheduled' },
  check_out: { by: ['therapist'], from: 'in_progress' },
};

/** Whether `party` may make `change` to a visit in `status` (the server also checks who they are). */
export function mayChangeVisit(party: VisitParty, status: VisitStatus, change: VisitChange): boolean {
  const rule = VISIT_CHANGES[change];
  return rule.by.includes(party) && rule.from === status;
}

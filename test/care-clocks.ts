import type { Discipline } from '../src/domain/accounts';
import type { CareReferral, CareVisit } from '../src/domain/care-clock-items';
import { careClockRulesFor, type AgencyCareClockPolicy, type StateCareClockRules } from '../src/domain/care-clock-rules';
import { careClocks, type CareClocksInput } from '../src/domain/care-clocks';
import type { CareVisitType } from '../src/domain/care-visit-types';
import type { VisitStatus } from '../src/domain/visits';

/**
 * Builders for the pure care-clock tests (no database): a referral, and visits held or booked at
 * a given instant. A Texas PT referral posted on Monday 2 March 2026 at 09:00 in Texas (15:00 UTC)
 * unless told otherwise.
 */

export const POSTED_AT = new Date('2026-03-02T15:00:00Z');

export function careReferral(overrides: Partial<CareReferral> = {}): CareReferral {
  return { discipline: 'PT', postedAt: POSTED_AT, orderedStartOfCare: null, patientState: 'TX', ...overrides };
}

let nextId = 1;

/** A visit the therapist checked in to at `at` (completed unless `status` says otherwise). */
export function heldVisit(type: CareVisitType, discipline: Discipline, at: string, overrides: Partial<CareVisit> = {}): CareVisit {
  const when = new Date(at);
  return { id: `v${nextId++}`, type, discipline, status: 'completed', scheduledStart: when, checkedInAt: when, ...overrides };
}

/** A visit booked for `at` and not yet held (or missed or cancelled, with `status`). */
export function bookedVisit(type: CareVisitType, discipline: Discipline, at: string, status: VisitStatus = 'scheduled'): CareVisit {
  return { id: `v${nextId++}`, type, discipline, status, scheduledStart: new Date(at), checkedInAt: null };
}

/** careClocks with the defaults a test does not care about: Texas rules, no approved orders. */
export function clocksFor(
  input: Partial<Omit<CareClocksInput, 'now' | 'rules'>> & {
    now: string;
    policy?: AgencyCareClockPolicy;
    stateRules?: Partial<Record<string, StateCareClockRules>>;
  },
) {
  const referral = input.referral ?? careReferral();
  return careClocks({
    referral,
    visits: input.visits ?? [],
    carePlanEndDate: input.carePlanEndDate ?? null,
    rules: careClockRulesFor(referral.patientState, input.policy, input.stateRules),
    now: new Date(input.now),
  });
}

import {
  careTimeZone,
  clockState,
  daysAfter,
  earliestBooked,
  endOfDay,
  latest,
  visitTime,
  type CareClockItem,
  type CareReferral,
  type CareVisit,
} from './care-clock-items';
import type { CareClockRules } from './care-clock-rules';
import { isHeld } from './care-visit-types';
import { coSignatureClocks, supervisoryVisitClock } from './supervision';
import { dateKeyIn, startOfDayIn } from './time-zones';

/**
 * The care clocks of one referral (Medicare home health rules, with the state parts configured in
 * care-clock-rules.ts): what is due, by when, by whom, and how urgent it is at `now`. Pure; the
 * server loads the referral and its visits, the web shows the answer.
 */

export interface CareClocksInput {
  referral: CareReferral;
  visits: readonly CareVisit[];
  /** The last day of the approved orders (care-orders.ts `ordersEndDate`); null before any are approved. */
  carePlanEndDate: string | null;
  rules: CareClockRules;
  now: Date;
}

/** Everything due on the referral, most pressing first (earliest deadline first). */
export function careClocks(input: CareClocksInput): CareClockItem[] {
  const discharges = byTherapist(input, 'discharge');
  const discharged = input.visits.some((visit) => discharges(visit) && isHeld(visit.status));
  const items = [
    startOfCareClock(input),
    // A discharged patient has no more visits to reassess or supervise; notes still need co-signing.
    discharged ? null : reassessmentClock(input),
    discharged ? null : supervisoryVisitClock(input),
    discharged ? null : dischargeClock(input),
    ...coSignatureClocks(input),
  ];
  return items.filter((item): item is CareClockItem => item !== null).sort(byDeadline);
}

/** Most pressing first: the earliest deadline first (an overdue item's has passed, so it leads). */
export function byDeadline(a: Pick<CareClockItem, 'dueBy'>, b: Pick<CareClockItem, 'dueBy'>): number {
  return a.dueBy.getTime() - b.dueBy.getTime();
}

const HOUR = 3_600_000;

/** The referral's own discipline doing one of `types`: the visits that can meet a therapist's clock. */
function byTherapist(input: CareClocksInput, ...types: CareVisit['type'][]) {
  return (visit: CareVisit) => visit.discipline === input.referral.discipline && types.includes(visit.type);
}

/**
 * Start of care: the evaluation is held within 48 hours of the referral, or on the start-of-care
 * date the physician ordered (42 CFR 484.55(a)(1); (a)(2) lets the therapist do it when therapy is
 * the only service ordered). Met once an evaluation by the referral's discipline has begun.
 */
export function startOfCareClock(input: CareClocksInput): CareClockItem | null {
  const { referral, visits, rules, now } = input;
  const isEvaluation = byTherapist(input, 'evaluation');
  if (visits.some((visit) => isEvaluation(visit) && isHeld(visit.status))) return null;

  const timeZone = careTimeZone(referral);
  let due: { dueBy: Date; dueDate: string; notBefore: Date | null; reason: string };
  if (referral.orderedStartOfCare !== null) {
    due = {
      dueBy: endOfDay(referral.orderedStartOfCare, timeZone),
      dueDate: referral.orderedStartOfCare,
      notBefore: startOfDayIn(referral.orderedStartOfCare, timeZone),
      reason: 'Evaluation on the start-of-care date the physician ordered (42 CFR 484.55(a)(1))',
    };
  } else if (referral.postedAt !== null) {
    const dueBy = new Date(referral.postedAt.getTime() + rules.startOfCareHours * HOUR);
    due = {
      dueBy,
      dueDate: dateKeyIn(dueBy, timeZone),
      notBefore: null,
      reason: `Evaluation within ${rules.startOfCareHours} hours of the referral (42 CFR 484.55(a)(1))`,
    };
  } else {
    return null; // A draft: no referral yet for the hours to run from.
  }

  return {
    kind: 'start_of_care',
    visitType: 'evaluation',
    ...due,
    state: clockState('start_of_care', due.dueBy, now, rules),
    by: [referral.discipline],
    booked: earliestBooked(visits, isEvaluation),
    visitId: null,
  };
}

/**
 * A held visit that starts the 30-day reassessment clock again: an evaluation or a reassessment by
 * a therapist of the referral's own discipline (never an assistant, never a routine visit).
 */
export function isFunctionalAssessment(referral: Pick<CareReferral, 'discipline'>, visit: CareVisit): boolean {
  return (visit.type === 'evaluation' || visit.type === 'reassessment') && visit.discipline === referral.discipline && isHeld(visit.status);
}

/**
 * Reassessment: at least every 30 days a qualified therapist of the referral's discipline (a PT,
 * OT or SLP, never an assistant) functionally reassesses the patient (42 CFR 409.44(c)(2)(i)).
 * The clock starts at the evaluation and restarts at each reassessment that therapist holds;
 * routine visits, and anything an assistant does, leave it running.
 */
export function reassessmentClock(input: CareClocksInput): CareClockItem | null {
  const { referral, visits, rules, now } = input;
  const last = latest(visits.filter((visit) => isFunctionalAssessment(referral, visit)));
  if (last === null) return null; // Not evaluated yet: the start-of-care clock is the one running.

  const { dueDate, dueBy } = daysAfter(visitTime(last), rules.reassessmentIntervalDays, careTimeZone(referral));
  return {
    kind: 'reassessment',
    visitType: 'reassessment',
    dueBy,
    dueDate,
    notBefore: null,
    state: clockState('reassessment', dueBy, now, rules),
    by: [referral.discipline],
    booked: earliestBooked(visits, byTherapist(input, 'reassessment'), visitTime(last)),
    visitId: null,
    reason: `Reassessment by a qualified therapist at least every ${rules.reassessmentIntervalDays} days (42 CFR 409.44(c)(2)(i))`,
  };
}

/**
 * Discharge: the therapist's discharge visit and summary by the last day of the approved orders.
 * Runs once the patient is evaluated and orders are approved; ends with the discharge.
 */
export function dischargeClock(input: CareClocksInput): CareClockItem | null {
  const { referral, visits, rules, now, carePlanEndDate } = input;
  if (carePlanEndDate === null) return null;
  if (!visits.some((visit) => byTherapist(input, 'evaluation')(visit) && isHeld(visit.status))) return null;

  const dueBy = endOfDay(carePlanEndDate, careTimeZone(referral));
  return {
    kind: 'discharge',
    visitType: 'discharge',
    dueBy,
    dueDate: carePlanEndDate,
    notBefore: null,
    state: clockState('discharge', dueBy, now, rules),
    by: [referral.discipline],
    booked: earliestBooked(visits, byTherapist(input, 'discharge')),
    visitId: null,
    reason: 'Discharge visit and summary when the approved orders end',
  };
}

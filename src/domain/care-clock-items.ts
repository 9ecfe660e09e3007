import type { Discipline } from './accounts';
import type { CareClockKind, CareClockRules } from './care-clock-rules';
import type { CareVisitType } from './care-visit-types';
import { patientTimeZone } from './patient-time-zone';
import type { ReferralDiscipline } from './service-eligibility';
import { addDaysToKey, dateKeyIn, startOfDayIn, usableTimeZone } from './time-zones';
import type { VisitStatus } from './visits';

/**
 * What the care clocks read and what they answer: the shared shapes and the one way a deadline is
 * measured, so every clock counts days the same way on the patient's clock.
 */

/** A referral as the clocks need it: no patient identifiers, only where the patient's clock runs. */
export interface CareReferral {
  discipline: ReferralDiscipline;
  /** When the agency posted it: the "referral" the 48 hours run from. Null for a draft. */
  postedAt: Date | null;
  /** The start-of-care date the physician ordered (YYYY-MM-DD on the patient's clock), if any. */
  orderedStartOfCare: string | null;
  /** The patient's state (USPS code): their time zone and the state's rules. */
  patientState: string;
}

/** A visit on the referral, done or to come. */
export interface CareVisit {
  id: string;
  type: CareVisitType;
  /** The discipline the therapist did or will do it as. */
  discipline: Discipline;
  status: VisitStatus;
  scheduledStart: Date;
  /** When the therapist checked in (null until then). */
  checkedInAt: Date | null;
  /** When the therapist signed the note, and when the supervising therapist co-signed it. */
  noteSignedAt?: Date | null;
  noteCoSignedAt?: Date | null;
}

/** upcoming → due_soon (within the rule's reminder window) → overdue (its deadline has passed). */
export const careClockStates = ['upcoming', 'due_soon', 'overdue'] as const;
export type CareClockState = (typeof careClockStates)[number];

/** One thing due on a referral: what, by when, by whom, and how urgent now. */
export interface CareClockItem {
  kind: CareClockKind;
  /** The visit that meets it; null for a co-signature, which is done on a note, not in a visit. */
  visitType: CareVisitType | null;
  /** The last instant it is on time (inclusive). */
  dueBy: Date;
  /** The patient's calendar date of `dueBy`, for "due by Mar 3". */
  dueDate: string;
  /** When it may be done from, where the rule sets one (an ordered start-of-care date). */
  notBefore: Date | null;
  state: CareClockState;
  /** The disciplines that may do it (never an assistant). */
  by: readonly Discipline[];
  /** The earliest visit already booked that would meet it, if any. */
  booked: { visitId: string; at: Date } | null;
  /** For a co-signature: the assistant's visit whose note awaits it. */
  visitId: string | null;
  /** Why it is due, in words, with the rule it comes from. */
  reason: string;
}

/** The zone the patient's days are counted in (the business's zone for an unknown state). */
export function careTimeZone(referral: Pick<CareReferral, 'patientState'>): string {
  return usableTimeZone(patientTimeZone(referral.patientState));
}

/** When a visit happened (its check-in) or is to happen (its scheduled start). */
export function visitTime(visit: Pick<CareVisit, 'checkedInAt' | 'scheduledStart'>): Date {
  return visit.checkedInAt ?? visit.scheduledStart;
}

/** The end of `dateKey` on the patient's clock: its last millisecond, so "by Mar 3" includes all of Mar 3. */
export function endOfDay(dateKey: string, timeZone: string): Date {
  return new Date(startOfDayIn(addDaysToKey(dateKey, 1), timeZone).getTime() - 1);
}

/**
 * "At least every N days" from `anchor`: counting starts the day after it, so an evaluation on
 * June 1 with a 30-day clock is due by the end of July 1 on the patient's clock.
 */
export function daysAfter(anchor: Date, days: number, timeZone: string): { dueDate: string; dueBy: Date } {
  const dueDate = addDaysToKey(dateKeyIn(anchor, timeZone), days);
  return { dueDate, dueBy: endOfDay(dueDate, timeZone) };
}

const HOUR = 3_600_000;

/** Overdue once `now` is past `dueBy`; due soon within the kind's window before it. */
export function clockState(kind: CareClockKind, dueBy: Date, now: Date, rules: CareClockRules): CareClockState {
  if (now.getTime() > dueBy.getTime()) return 'overdue';
  if (now.getTime() >= dueBy.getTime() - rules.dueSoonHours[kind] * HOUR) return 'due_soon';
  return 'upcoming';
}

/** The earliest scheduled (not yet held) visit among `visits` that `meets` accepts, after `after` if given. */
export function earliestBooked(visits: readonly CareVisit[], meets: (visit: CareVisit) => boolean, after: Date | null = null): CareClockItem['booked'] {
  const booked = visits
    .filter((visit) => visit.status === 'scheduled' && meets(visit) && (after === null || visit.scheduledStart.getTime() > after.getTime()))
    .sort((a, b) => a.scheduledStart.getTime() - b.scheduledStart.getTime())[0];
  return booked ? { visitId: booked.id, at: booked.scheduledStart } : null;
}

/** The latest of `visits` by when it happened, or null. */
export function latest(visits: readonly CareVisit[]): CareVisit | null {
  return visits.reduce<CareVisit | null>((last, visit) => (last === null || visitTime(visit) > visitTime(last) ? visit : last), null);
}

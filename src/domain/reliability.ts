/**
 * A therapist's reliability from what the product records (issue 13), always shown with its parts:
 * each visit due counts once (done as scheduled, or late, missed, or cancelled by the therapist
 * after the match), and each note due counts once (signed on time or not). The score is the share
 * of all of these done as agreed. No I/O: the server counts, this judges and words it.
 */

/** A check-in more than this after the scheduled start is late. */
export const LATE_AFTER_MINUTES = 15;
/** Fewer visits due than this: no score yet, only the count. */
export const MIN_VISITS_TO_SCORE = 5;

/** Whether a visit checked in at `checkInAt` was late for its `scheduledStart`. */
export function isLateCheckIn(scheduledStart: Date, checkInAt: Date): boolean {
  return checkInAt.getTime() - scheduledStart.getTime() > LATE_AFTER_MINUTES * 60_000;
}

/**
 * A checked-out visit's note: on time when first signed within `dueHours` of check-out; late when
 * signed after, or still unsigned once the deadline has passed; not yet due otherwise.
 */
export function noteTiming(input: { checkOutAt: Date; firstSignedAt: Date | null; dueHours: number; now: Date }): 'on_time' | 'late' | 'not_due' {
  const due = input.checkOutAt.getTime() + input.dueHours * 3_600_000;
  if (input.firstSignedAt) return input.firstSignedAt.getTime() <= due ? 'on_time' : 'late';
  return input.now.getTime() > due ? 'late' : 'not_due';
}

export interface ReliabilityCounts {
  /** Checked in no more than LATE_AFTER_MINUTES after the scheduled start. */
  asScheduled: number;
  late: number;
  missed: number;
  /** Visits the therapist cancelled (every visit exists only after the agency confirmed the match). */
  cancelledAfterConfirm: number;
  /** Notes signed, or past their deadline unsigned. */
  notesDue: number;
  notesOnTime: number;
}

export interface Reliability extends ReliabilityCounts {
  /** 0–100, or null with fewer than MIN_VISITS_TO_SCORE visits due. */
  score: number | null;
  visitsDue: number;
  summary: string;
}

/** `part` of `whole` as a whole percentage, or null when there is no whole. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The parts, in words: "46 of 50 visits as scheduled, 2 late, 1 missed; 44 of 48 notes signed on time; 0 cancellations after confirm". */
export function reliabilityParts(counts: ReliabilityCounts): string {
  const visitsDue = counts.asScheduled + counts.late + counts.missed + counts.cancelledAfterConfirm;
  return [
    `${counts.asScheduled} of ${plural(visitsDue, 'visit', 'visits')} as scheduled, ${counts.late} late, ${counts.missed} missed`,
    `${counts.notesOnTime} of ${plural(counts.notesDue, 'note', 'notes')} signed on time`,
    plural(counts.cancelledAfterConfirm, 'cancellation after confirm', 'cancellations after confirm'),
  ].join('; ');
}

/**
 * The score and its sentence: "92% reliable: 46 of 50 visits as scheduled, …", or "Too few visits to
 * score yet (3)" below MIN_VISITS_TO_SCORE visits due.
 */
export function reliability(counts: ReliabilityCounts): Reliability {
  const visitsDue = counts.asScheduled + counts.late + counts.missed + counts.cancelledAfterConfirm;
  if (visitsDue < MIN_VISITS_TO_SCORE) {
    return { ...counts, visitsDue, score: null, summary: `Too few visits to score yet (${visitsDue})` };
  }
  const score = percent(counts.asScheduled + counts.notesOnTime, visitsDue + counts.notesDue) ?? 0;
  return { ...counts, visitsDue, score, summary: `${score}% reliable: ${reliabilityParts(counts)}` };
}

/** How the score is worked out, for the "How this is worked out" disclosure. */
export const reliabilityExplanation = [
  `Every visit whose time has come counts once: as scheduled when checked in no more than ${LATE_AFTER_MINUTES} minutes after its start; late when checked in after that; missed when marked missed; or cancelled by the therapist after the agency confirmed them.`,
  'Every visit note counts once when signed, or once its deadline has passed unsigned: on time when signed within the deadline after check-out.',
  'The score is the share of those visits and notes done as agreed. Visits cancelled by the agency do not count, nor do visits not yet checked in or marked missed.',
  `Below ${MIN_VISITS_TO_SCORE} visits there is no score yet, only the count.`,
] as const;

import type { UsStateCode } from './us-states';

/**
 * The numbers the care clocks (care-clocks.ts, supervision.ts) run on. This is configuration, not
 * law written into code: the federal Medicare figures are fixed here because every state inherits
 * them, and the parts states and agencies set differently are a typed table that grows only when a
 * state's rule has been read and cited next to its row.
 */

/** The kinds of clock a referral runs; each is an item in "what is due". */
export const careClockKinds = ['start_of_care', 'reassessment', 'supervisory_visit', 'co_signature', 'discharge'] as const;
export type CareClockKind = (typeof careClockKinds)[number];

export interface CareClockRules {
  /** Evaluation within this many hours of the referral, unless a start-of-care date was ordered (42 CFR 484.55(a)(1)). */
  startOfCareHours: number;
  /** A qualified therapist reassesses at least every this many days (42 CFR 409.44(c)(2)(i)). */
  reassessmentIntervalDays: number;
  /** The supervising PT or OT visits at least every this many days while an assistant treats (state practice acts). */
  supervisoryVisitIntervalDays: number;
  /** Whether the supervising therapist must co-sign an assistant's notes (state rule, or the agency's policy). */
  coSignatureRequired: boolean;
  /** Days after an assistant signs a note by which the co-signature is due, where one is required. */
  coSignatureWithinDays: number;
  /** How long before it is due an item shows as "due soon" and reminders go out, per clock. */
  dueSoonHours: Readonly<Record<CareClockKind, number>>;
}

/**
 * Every state unless its row says otherwise. 48 hours and 30 days are Medicare's. The 30-day
 * supervisory visit is the common home health practice (a monthly PT supervisory visit of a PTA's
 * patient) and the figure the issue asks for; states that want more are added as rows. No
 * co-signature unless a state or the agency asks for one; the 7 days to co-sign and the due-soon
 * windows (a day before an evaluation, a week before the 30-day clocks, enough to book a visit)
 * are product defaults, not rules.
 */
export const DEFAULT_CARE_CLOCK_RULES: CareClockRules = {
  startOfCareHours: 48,
  reassessmentIntervalDays: 30,
  supervisoryVisitIntervalDays: 30,
  coSignatureRequired: false,
  coSignatureWithinDays: 7,
  dueSoonHours: {
    start_of_care: 24,
    reassessment: 7 * 24,
    supervisory_visit: 7 * 24,
    co_signature: 2 * 24,
    discharge: 7 * 24,
  },
};

/** What a state may set: only its own practice rules, never the federal clocks. */
export type StateCareClockRules = Partial<Pick<CareClockRules, 'supervisoryVisitIntervalDays' | 'coSignatureRequired' | 'coSignatureWithinDays'>>;

/**
 * Per-state rows. Empty on purpose: no state's figure has been checked against its current
 * practice act and rules yet, and a wrong one would tell an agency it is compliant when it is not.
 * Add a row with the citation in a comment, e.g. `XX: { supervisoryVisitIntervalDays: 14 }, // XX Admin. Code §…`.
 */
export const STATE_CARE_CLOCK_RULES: Readonly<Partial<Record<UsStateCode, StateCareClockRules>>> = {};

/**
 * What an agency may add for its own patients: it can be stricter than its state (co-sign every
 * assistant note, supervise more often), never looser.
 */
export interface AgencyCareClockPolicy {
  coSignatureRequired?: boolean;
  supervisoryVisitIntervalDays?: number;
  coSignatureWithinDays?: number;
}

/**
 * The rules for a patient in `state` seen by an agency with `policy`: the defaults, the state's
 * row, then the agency's policy where it is stricter. `table` is the state table (tests pass their
 * own; the server passes nothing).
 */
export function careClockRulesFor(
  state: string,
  policy: AgencyCareClockPolicy = {},
  table: Readonly<Partial<Record<string, StateCareClockRules>>> = STATE_CARE_CLOCK_RULES,
): CareClockRules {
  const row = table[state.trim().toUpperCase()] ?? {};
  const stateRules: CareClockRules = { ...DEFAULT_CARE_CLOCK_RULES, ...row };
  return {
    ...stateRules,
    coSignatureRequired: stateRules.coSignatureRequired || policy.coSignatureRequired === true,
    supervisoryVisitIntervalDays: stricter(stateRules.supervisoryVisitIntervalDays, policy.supervisoryVisitIntervalDays),
    coSignatureWithinDays: stricter(stateRules.coSignatureWithinDays, policy.coSignatureWithinDays),
  };
}

// A policy value of zero or less would make every item overdue at once: it is ignored, as is a missing one.
function stricter(stateDays: number, agencyDays: number | undefined): number {
  return agencyDays !== undefined && agencyDays > 0 ? Math.min(stateDays, agencyDays) : stateDays;
}

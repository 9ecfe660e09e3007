import { z } from 'zod';
import { credentialProblems, type CredentialForJudging, type CredentialKind } from './credentials';

/**
 * Whether a therapist may work: the credential judgement (credentials.ts), a suspended eligibility
 * (an LEIE match) and late documentation, worded once for every place that refuses or explains:
 * offers (the matching rule), confirming a match, checking in, and the therapist's own notice of
 * why referrals stopped. No I/O.
 */

/** The therapist's overdue visit notes (checked out, never signed, past the due hours). */
export type LateNotes = {
  overdue: number;
  /** Whole days (rounded up) the oldest overdue note is past its due time; 0 when none is overdue. */
  oldestDaysOverdue: number;
};

/**
 * LATE_NOTES_LIMIT and LATE_NOTES_DAYS. The "default 3 overdue or any overdue more than 7
 * days" reads as: `maxOverdue` or more overdue notes, or any one overdue more than `maxDaysOverdue`
 * days, and the therapist is offered no new referrals until caught up.
 */
export type LateNotesLimits = { maxOverdue: number; maxDaysOverdue: number };

export const NO_LATE_NOTES: LateNotes = { overdue: 0, oldestDaysOverdue: 0 };

/** Whole days from `dueAt` to `now`, rounded up (so "more than 7 days" reads as 8 days). */
export function daysOverdue(dueAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((now.getTime() - dueAt.getTime()) / 86_400_000));
}

const notesWord = (count: number) => `${count} visit ${count === 1 ? 'note' : 'notes'} overdue`;
const daysWord = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** "3 visit notes overdue; the oldest 9 days" (or "1 visit note overdue 2 days"); null when none is. */
export function lateNotesSummary(late: LateNotes): string | null {
  if (late.overdue === 0) return null;
  if (late.overdue === 1) return `${notesWord(1)} ${daysWord(late.oldestDaysOverdue)}`;
  return `${notesWord(late.overdue)}; the oldest ${daysWord(late.oldestDaysOverdue)}`;
}

/** Whether late notes keep the therapist from new referrals, and why in their words. */
export function lateNotesProblem(late: LateNotes, limits: LateNotesLimits): string | null {
  const tooMany = late.overdue >= limits.maxOverdue;
  const tooOld = late.overdue > 0 && late.oldestDaysOverdue > limits.maxDaysOverdue;
  if (!tooMany && !tooOld) return null;
  return `${lateNotesSummary(late) ?? ''}: catch up to get new referrals`;
}

/** Set by an LEIE match (or a manager); lifted only by a manager. */
export type Suspension = { reason: string | null } | null;

export function suspensionProblem(suspension: Suspension): string | null {
  if (!suspension) return null;
  return suspension.reason ? `Eligibility suspended: ${suspension.reason}` : 'Eligibility suspended';
}

/** One reason a therapist may not work or be offered referrals; `kind` says where it is fixed. */
export type StandingProblem = { kind: 'suspension' | 'late_notes' | CredentialKind; message: string };

/**
 * What keeps a therapist from working a referral in `patientState` on `today` (confirming the match,
 * checking in): the suspension, then each required credential that is missing, unverified or
 * expired. Empty when they may work. Late notes only stop new offers, not work already agreed.
 */
export function workProblems(input: {
  credentials: readonly CredentialForJudging[];
  required: readonly CredentialKind[];
  suspension: Suspension;
  patientState: string;
  today: string;
}): StandingProblem[] {
  const suspended = suspensionProblem(input.suspension);
  return [...(suspended ? [{ kind: 'suspension' as const, message: suspended }] : []), ...credentialProblems(input)];
}

/** Everything that stops new offers: what stops work, and late notes beyond the limits. */
export function offerProblems(input: Parameters<typeof workProblems>[0] & { lateNotes: LateNotes; limits: LateNotesLimits }): StandingProblem[] {
  const late = lateNotesProblem(input.lateNotes, input.limits);
  return [...workProblems(input), ...(late ? [{ kind: 'late_notes' as const, message: late }] : [])];
}

const messagesOf = (problems: readonly StandingProblem[]) => problems.map((problem) => problem.message).join('; ');

/** The agency's refusal: "Casey Tester can't be confirmed: State license (TX): expired 2026-11-20". */
export function cannotConfirmMessage(therapistName: string, problems: readonly StandingProblem[]): string {
  return `${therapistName} can't be confirmed: ${messagesOf(problems)}`;
}

/** The therapist's refusal: "You can't check in: State license (TX): expired 2026-11-20. Update it under Credentials." */
export function cannotWorkMessage(doing: string, problems: readonly StandingProblem[]): string {
  const credentials = problems.filter((problem) => problem.kind !== 'suspension' && problem.kind !== 'late_notes').length;
  const fix = credentials === 0 ? '' : ` Update ${credentials === 1 ? 'it' : 'them'} under Credentials.`;
  return `You can't ${doing}: ${messagesOf(problems)}.${fix}`;
}

/** Where the therapist fixes each kind of problem: late notes in the notes list, the rest under Credentials. */
export const CREDENTIALS_PAGE = '/dashboard/therapist/credentials';
export const NOTES_DUE_PAGE = '/dashboard/therapist/schedule?filter=needs-notes';
export const fixLinkOf = (problem: StandingProblem) => (problem.kind === 'late_notes' ? NOTES_DUE_PAGE : CREDENTIALS_PAGE);

/** GET /api/therapist/referral-standing: why the therapist is not offered new referrals (empty: they are). */
export const referralStandingSchema = z.object({
  reasons: z.array(z.object({ kind: z.string(), message: z.string(), link: z.string() })),
});
export type ReferralStanding = z.infer<typeof referralStandingSchema>;

export function presentReferralStanding(problems: readonly StandingProblem[]): ReferralStanding {
  return { reasons: problems.map((problem) => ({ kind: problem.kind, message: problem.message, link: fixLinkOf(problem) })) };
}

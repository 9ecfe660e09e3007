import { z } from 'zod';
import { disciplines } from './accounts';
import { careClockStates, type CareClockItem } from './care-clock-items';
import { careClockKinds, type CareClockKind } from './care-clock-rules';
import { careVisitTypeLabels, careVisitTypes } from './care-visit-types';
import type { VisitTypeSuggestion } from './visit-permissions';

/**
 * What GET /api/referrals/:id/care-clocks answers and the referral page shows: each care clock
 * (care-clocks.ts) as words and instants, and the visit types the caller may book next.
 */

export const careClockKindLabels: Record<CareClockKind, string> = {
  start_of_care: 'Start-of-care evaluation',
  reassessment: 'Therapy reassessment',
  supervisory_visit: 'Supervisory visit',
  co_signature: 'Co-signature of an assistant’s note',
  discharge: 'Discharge visit and summary',
};

export const careClockViewSchema = z.object({
  kind: z.enum(careClockKinds),
  /** "Therapy reassessment". */
  label: z.string(),
  visitType: z.enum(careVisitTypes).nullable(),
  /** The last instant it is on time (ISO). */
  dueBy: z.string(),
  /** The patient's calendar date of dueBy (YYYY-MM-DD). */
  dueDate: z.string(),
  notBefore: z.string().nullable(),
  state: z.enum(careClockStates),
  /** The disciplines that may do it (never an assistant). */
  by: z.array(z.enum(disciplines)),
  booked: z.object({ visitId: z.string(), at: z.string() }).nullable(),
  visitId: z.string().nullable(),
  /** Why it is due, with the rule it comes from. */
  reason: z.string(),
});
export type CareClockView = z.infer<typeof careClockViewSchema>;

export const visitTypeSuggestionSchema = z.object({
  visitType: z.enum(careVisitTypes),
  label: z.string(),
  dueBy: z.string().nullable(),
  state: z.enum(careClockStates).nullable(),
  reason: z.string().nullable(),
});
export type VisitTypeSuggestionView = z.infer<typeof visitTypeSuggestionSchema>;

export const referralCareClocksSchema = z.object({
  referralId: z.string(),
  /** Most pressing first; an empty list means nothing is due. */
  items: z.array(careClockViewSchema),
  /** For the matched therapist: the visit types they may book, most pressing first; empty for the agency. */
  suggestedVisitTypes: z.array(visitTypeSuggestionSchema),
});
export type ReferralCareClocks = z.infer<typeof referralCareClocksSchema>;

export function presentCareClock(item: CareClockItem): CareClockView {
  return {
    kind: item.kind,
    label: careClockKindLabels[item.kind],
    visitType: item.visitType,
    dueBy: item.dueBy.toISOString(),
    dueDate: item.dueDate,
    notBefore: item.notBefore?.toISOString() ?? null,
    state: item.state,
    by: [...item.by],
    booked: item.booked && { visitId: item.booked.visitId, at: item.booked.at.toISOString() },
    visitId: item.visitId,
    reason: item.reason,
  };
}

export function presentVisitTypeSuggestion(suggestion: VisitTypeSuggestion): VisitTypeSuggestionView {
  return {
    visitType: suggestion.visitType,
    label: careVisitTypeLabels[suggestion.visitType],
    dueBy: suggestion.dueBy?.toISOString() ?? null,
    state: suggestion.state,
    reason: suggestion.reason,
  };
}

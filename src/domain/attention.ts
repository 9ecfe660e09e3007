import { z } from 'zod';

/**
 * "Needs your attention" on each dashboard: what waits on this user, counted from the database,
 * each line leading to where it is done. Lines say how many and what, never who the patient is.
 */

export const attentionKinds = [
  // agency
  'responses_to_confirm',
  'notes_to_review',
  'failed_payments',
  // agency and therapist
  'ratings_due',
  'care_overdue',
  'care_due_soon',
  // therapist
  'visits_today',
  'notes_due',
  'offers_expiring',
  'offers_paused_credentials',
  'offers_paused_notes',
  // manager
  'signups_to_review',
  'credential_changes_to_review',
  'credentials_to_verify',
  'therapists_suspended',
  'undelivered_messages',
  'credentials_expiring',
] as const;
export type AttentionKind = (typeof attentionKinds)[number];

export const attentionItemSchema = z.object({
  kind: z.enum(attentionKinds),
  count: z.number().int().min(1),
  /** "3 responses to confirm". */
  label: z.string(),
  /** Where it is done: the one record when there is one, else the list that holds them. */
  link: z.string(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

/** Only what has a count above zero, in a fixed order per role; empty when nothing waits. */
export const attentionListSchema = z.object({ items: z.array(attentionItemSchema) });
export type AttentionList = z.infer<typeof attentionListSchema>;

/** Hours before a referral's offer window closes within which an unanswered offer is "expiring". */
export const EXPIRING_WITHIN_HOURS = 24;

const nouns: Record<AttentionKind, [one: string, many: string]> = {
  responses_to_confirm: ['response to confirm', 'responses to confirm'],
  notes_to_review: ['visit note to review', 'visit notes to review'],
  failed_payments: ['failed payment', 'failed payments'],
  ratings_due: ['rating to give', 'ratings to give'],
  // Care clocks (care-clocks.ts): evaluations, reassessments and supervisory visits on the user's referrals.
  care_overdue: ['care deadline overdue', 'care deadlines overdue'],
  care_due_soon: ['care deadline due soon', 'care deadlines due soon'],
  visits_today: ['visit today', 'visits today'],
  notes_due: ['visit note due', 'visit notes due'],
  offers_expiring: [`offer expiring within ${EXPIRING_WITHIN_HOURS} hours`, `offers expiring within ${EXPIRING_WITHIN_HOURS} hours`],
  // These two lines carry their own label: why no new referrals come (work-standing.ts).
  offers_paused_credentials: ['credential problem stopping new referrals', 'credential problems stopping new referrals'],
  offers_paused_notes: ['late-notes problem stopping new referrals', 'late-notes problems stopping new referrals'],
  signups_to_review: ['sign-up to review', 'sign-ups to review'],
  credential_changes_to_review: ['credential change to review', 'credential changes to review'],
  credentials_to_verify: ['credential to verify', 'credentials to verify'],
  therapists_suspended: ['therapist suspended by an exclusion list match', 'therapists suspended by an exclusion list match'],
  undelivered_messages: ['undelivered message', 'undelivered messages'],
  credentials_expiring: ['credential expired or expiring within 7 days', 'credentials expired or expiring within 7 days'],
};

/** "1 failed payment", "3 failed payments". */
export function attentionLabel(kind: AttentionKind, count: number): string {
  const [one, many] = nouns[kind];
  return `${count} ${count === 1 ? one : many}`;
}

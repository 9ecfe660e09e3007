import { z } from 'zod';

/**
 * Ratings between the two parties of a referral: the agency rates its matched therapist and the
 * therapist rates the agency, 1 to 5 with an optional comment. Period 0 is the rating on
 * completion; period n (n ≥ 1) the n-th 30 days of a referral still ongoing since its match.
 */

/** An ongoing referral can be rated once per this many days since its match. */
export const RATING_PERIOD_DAYS = 30;
/** How long after completion the completion rating (period 0) stays open. */
export const RATING_OPEN_AFTER_COMPLETION_DAYS = 30;
export const RATING_COMMENT_MAX = 500;

export const ratingInputSchema = z.object({
  period: z.number({ error: 'Choose the period to rate.' }).int({ error: 'Choose the period to rate.' }).min(0, { error: 'Choose the period to rate.' }),
  score: z
    .number({ error: 'Choose a rating from 1 to 5 stars.' })
    .int({ error: 'Choose a rating from 1 to 5 stars.' })
    .min(1, { error: 'Choose a rating from 1 to 5 stars.' })
    .max(5, { error: 'Choose a rating from 1 to 5 stars.' }),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, { error: `Keep the comment to ${RATING_COMMENT_MAX} characters or fewer.` })
    .default(''),
});
export type RatingInput = z.input<typeof ratingInputSchema>;
export type RatingValues = z.output<typeof ratingInputSchema>;

/** A rating the caller received, only once it is visible. */
export const receivedRatingSchema = z.object({
  period: z.number().int(),
  score: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export type ReceivedRating = z.infer<typeof receivedRatingSchema>;

/** A rating the caller gave: always shown to its rater, with when the other side will see it. */
export const givenRatingSchema = receivedRatingSchema.extend({
  /** Whether the other side can see it now (they rated the same period too, or the blind days passed). */
  shown: z.boolean(),
  /** When it is shown at the latest: RATING_BLIND_DAYS after it was given. */
  shownBy: z.string(),
});
export type GivenRating = z.infer<typeof givenRatingSchema>;

export const referralRatingsSchema = z.object({
  /** Who the caller rates on this referral: the matched therapist's or the agency's name. */
  otherParty: z.object({ role: z.enum(['agency', 'therapist']), name: z.string() }),
  /** The period the caller can rate now; null when none is open or the caller rated it already. */
  due: z.number().int().nullable(),
  given: z.array(givenRatingSchema),
  received: z.array(receivedRatingSchema),
});
export type ReferralRatings = z.infer<typeof referralRatingsSchema>;


/** "the completion of the referral", "days 31–60 of the referral". */
export function periodLabel(period: number): string {
  if (period === 0) return 'the completed referral';
  return `days ${(period - 1) * RATING_PERIOD_DAYS + 1}–${period * RATING_PERIOD_DAYS} of the referral`;
}

/** "4.6 from 12 ratings", "No ratings yet". */
export function ratingSummaryLine(summary: { average: number | null; count: number }): string {
  if (summary.count === 0 || summary.average === null) return 'No ratings yet';
  return `${summary.average.toFixed(1)} from ${summary.count} ${summary.count === 1 ? 'rating' : 'ratings'}`;
}

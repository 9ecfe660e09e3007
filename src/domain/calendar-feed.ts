import { z } from 'zod';

/** The signed-in therapist's calendar feed link: whether one is live, and since when (ISO times). Never the token. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** When a calendar app last read the live link; null before the first read. */
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** A link just created: its URL is shown this once and cannot be read back. */
export const createdCalendarFeedSchema = calendarFeedStatusSchema.extend({
  url: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

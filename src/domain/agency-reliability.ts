import { z } from 'zod';

/**
 * How reliably an agency keeps its side of the work, from what the platform records, shown with
 * its parts and never as one unexplained number:
 * - notes reviewed on time: signed visit notes the agency approved or returned itself within the
 *   review window (notes left to the automatic approval, or still waiting past it, are late);
 * - payments on time: invoice lines paid within PAYS_ON_TIME_DAYS of the approval that made them
 *   (lines still unpaid past that are late; younger unpaid ones are not judged yet).
 */

/** An invoice line counts as paid on time within this many days of its visit's approval. */
export const PAYS_ON_TIME_DAYS = 30;
/** Below this many judged notes and payments together, the figure is "Too little history yet". */
export const AGENCY_RELIABILITY_MIN_HISTORY = 5;

export interface OnTimeCount {
  onTime: number;
  total: number;
}

export interface AgencyReliabilityCounts {
  notesReviewed: OnTimeCount;
  payments: OnTimeCount;
}

export const agencyReliabilityPartSchema = z.object({
  key: z.enum(['notes_reviewed', 'payments']),
  label: z.string(),
  onTime: z.number().int(),
  total: z.number().int(),
});

export const agencyReliabilitySchema = z.object({
  /** False when too little is judged yet: show "Too little history yet" rather than the parts. */
  enoughHistory: z.boolean(),
  /** Only the parts with something judged. */
  parts: z.array(agencyReliabilityPartSchema),
  /** "Reviews notes on time: 18 of 20 · Pays on time: 15 of 15", or "Too little history yet". */
  summary: z.string(),
});
export type AgencyReliability = z.infer<typeof agencyReliabilitySchema>;

export const TOO_LITTLE_HISTORY = 'Too little history yet';

const labels = { notes_reviewed: 'Reviews notes on time', payments: 'Pays on time' } as const;

export function agencyReliability(counts: AgencyReliabilityCounts): AgencyReliability {
  const parts = (
    [
      { key: 'notes_reviewed', ...counts.notesReviewed },
      { key: 'payments', ...counts.payments },
    ] as const
  )
    .filter((part) => part.total > 0)
    .map((part) => ({ key: part.key, label: labels[part.key], onTime: Math.min(part.onTime, part.total), total: part.total }));
  const judged = counts.notesReviewed.total + counts.payments.total;
  const enoughHistory = judged >= AGENCY_RELIABILITY_MIN_HISTORY;
  return {
    enoughHistory,
    parts,
    summary: enoughHistory ? parts.map((part) => `${part.label}: ${part.onTime} of ${part.total}`).join(' · ') : TOO_LITTLE_HISTORY,
  };
}

/** What a therapist reads about an agency (and the agency about itself): its rating and this figure. */
export const agencyRecordSchema = z.object({
  agencyName: z.string(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  reliability: agencyReliabilitySchema,
});
export type AgencyRecord = z.infer<typeof agencyRecordSchema>;

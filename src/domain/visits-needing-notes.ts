import { z } from 'zod';
import { visitSummarySchema } from './visits';

/**
 * GET /api/visits/needs-notes: the therapist's completed (checked-out) visits whose note they still
 * owe: none written yet, a draft not signed, or notes the agency returned for revision. Summaries
 * only, like every visit list: no readings, no note content.
 */

export const owedNoteStatuses = ['missing', 'draft', 'returned'] as const;
export type OwedNoteStatus = (typeof owedNoteStatuses)[number];

export const owedNoteLabels: Record<OwedNoteStatus, string> = {
  missing: 'Not started',
  draft: 'Draft',
  returned: 'Returned for revision',
};

export const visitNeedingNotesSchema = visitSummarySchema.extend({
  noteStatus: z.enum(owedNoteStatuses),
  checkedOutAt: z.string().nullable(),
  /** When the signed note is due (check-out + the configured hours). */
  dueAt: z.string().nullable(),
  /** Past due and never signed (a returned note was signed once, so it is not overdue). */
  overdue: z.boolean(),
});
export type VisitNeedingNotes = z.infer<typeof visitNeedingNotesSchema>;

export const visitsNeedingNotesSchema = z.object({ visits: z.array(visitNeedingNotesSchema) });
export type VisitsNeedingNotes = z.infer<typeof visitsNeedingNotesSchema>;

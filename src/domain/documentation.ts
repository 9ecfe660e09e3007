import { z } from 'zod';
import { noteStatuses, visitStatuses } from './visits';

/**
 * Visit documentation: one structured note per service type, saved as a draft, signed by
 * the therapist (typed name, time, SHA-256 of the content) and reviewed by the agency. A draft may
 * be incomplete; `missingNoteFields` says what signing still needs. Shared by the server (route
 * schemas) and the web (forms).
 */

const MAX_TEXT = 4000;
const MAX_ITEMS = 20;

const text = (label: string, max = MAX_TEXT) =>
  z.string({ message: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`);

export const evaluationNoteSchema = z.object({
  serviceId: z.literal('evaluation'),
  history: text('History'),
  objectiveMeasures: text('Objective measures'),
  assessment: text('Assessment'),
  goals: z.array(text('Each goal', 500), { message: 'Goals must be a list.' }).max(MAX_ITEMS, `List at most ${MAX_ITEMS} goals.`),
  plan: text('Plan'),
  frequency: text('Frequency', 200),
});

export const treatmentNoteSchema = z.object({
  serviceId: z.literal('treatment'),
  interventions: text('Interventions'),
  response: text('Response to treatment'),
  plan: text('Plan'),
});

export const goalProgressSchema = z.object({ goal: text('Goal', 500), progress: text('Progress', 2000) });

export const progressReportNoteSchema = z.object({
  serviceId: z.literal('progress_report'),
  goals: z.array(goalProgressSchema, { message: 'Goals must be a list.' }).max(MAX_ITEMS, `List at most ${MAX_ITEMS} goals.`),
});

export const dischargeNoteSchema = z.object({
  serviceId: z.literal('discharge'),
  outcome: text('Outcome'),
  recommendations: text('Recommendations'),
});

/** The note's content; `serviceId` must be the visit's service type. */
export const noteContentSchema = z.discriminatedUnion(
  'serviceId',
  [evaluationNoteSchema, treatmentNoteSchema, progressReportNoteSchema, dischargeNoteSchema],
  { message: 'Choose the note type of the visit: evaluation, treatment, progress_report or discharge.' },
);
export type NoteContent = z.infer<typeof noteContentSchema>;
export type NoteServiceId = NoteContent['serviceId'];

export const noteDraftInputSchema = z.object({ content: noteContentSchema });
export type NoteDraftInput = z.infer<typeof noteDraftInputSchema>;

export const signNoteInputSchema = z.object({
  signedName: z.string({ message: 'Type your full name to sign.' }).trim().min(1, 'Type your full name to sign.').max(200, 'Your name must be at most 200 characters.'),
});
export type SignNoteInput = z.infer<typeof signNoteInputSchema>;

export const reviewNoteInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve') }),
    z.object({
      action: z.literal('return'),
      message: z
        .string({ message: 'Say what the therapist should change.' })
        .trim()
        .min(1, 'Say what the therapist should change.')
        .max(2000, 'The message must be at most 2000 characters.'),
    }),
  ],
  { message: 'Choose approve or return.' },
);
export type ReviewNoteInput = z.infer<typeof reviewNoteInputSchema>;

export const noteViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(noteStatuses),
  content: noteContentSchema,
  signedName: z.string().nullable(),
  signedAt: z.string().nullable(),
  contentHash: z.string().nullable(),
  /** The supervising PT's or OT's co-signature of an assistant's note (domain/co-signature.ts): typed name, time, SHA-256 binding it to the signed content. */
  coSignedName: z.string().nullable(),
  coSignedAt: z.string().nullable(),
  coSignatureHash: z.string().nullable(),
  reviewMessage: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** True when the platform approved it because the agency did not review it in time. */
  autoApproved: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoteView = z.infer<typeof noteViewSchema>;

export const visitNotesViewSchema = z.object({
  visitId: z.string(),
  serviceId: z.enum(['evaluation', 'treatment', 'progress_report', 'discharge']),
  visitStatus: z.enum(visitStatuses),
  /** When the signed note is due (check-out + the due hours); null before check-out. */
  dueAt: z.string().nullable(),
  /** Not signed by `dueAt`. */
  overdue: z.boolean(),
  /** Newest version first. */
  notes: z.array(noteViewSchema),
});
export type VisitNotesView = z.infer<typeof visitNotesViewSchema>;

export const attachmentContentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AttachmentContentType = (typeof attachmentContentTypes)[number];
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const attachmentViewSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  /**
   * Whether the agency sees it: uploaded by the visit's latest signature. The therapist's list has
   * both kinds (a file added to a draft is shared when they sign, and until then they can remove
   * it); the agency's only true ones.
   */
  sharedWithAgency: z.boolean(),
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

const requiredText: Record<NoteServiceId, Record<string, string>> = {
  evaluation: {
    history: 'History',
    objectiveMeasures: 'Objective measures',
    assessment: 'Assessment',
    plan: 'Plan',
    frequency: 'Frequency',
  },
  treatment: { interventions: 'Interventions', response: 'Response to treatment', plan: 'Plan' },
  progress_report: {},
  discharge: { outcome: 'Outcome', recommendations: 'Recommendations' },
};

/** What a note still needs before it can be signed, as field path → message (empty when complete). */
export function missingNoteFields(content: NoteContent): Record<string, string> {
  const missing: Record<string, string> = {};
  const values = content as unknown as Record<string, unknown>;
  for (const [field, label] of Object.entries(requiredText[content.serviceId])) {
    if (typeof values[field] !== 'string' || (values[field] as string).trim() === '') missing[field] = `${label} is required to sign.`;
  }
  if (content.serviceId === 'evaluation') {
    if (content.goals.filter((goal) => goal.trim() !== '').length === 0) missing.goals = 'Add at least one goal to sign.';
  }
  if (content.serviceId === 'progress_report') {
    if (content.goals.length === 0) missing.goals = 'Add the progress toward at least one goal to sign.';
    content.goals.forEach((item, index) => {
      if (item.goal.trim() === '') missing[`goals.${index}.goal`] = `Goal ${index + 1} is required to sign.`;
      if (item.progress.trim() === '') missing[`goals.${index}.progress`] = `Progress toward goal ${index + 1} is required to sign.`;
    });
  }
  return missing;
}

/** JSON with object keys sorted at every level: the same content always gives the same text (and hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An empty note of a service type, as the form starts it. */
export function emptyNote(serviceId: NoteServiceId): NoteContent {
  switch (serviceId) {
    case 'evaluation':
      return { serviceId, history: '', objectiveMeasures: '', assessment: '', goals: [''], plan: '', frequency: '' };
    case 'treatment':
      return { serviceId, interventions: '', response: '', plan: '' };
    case 'progress_report':
      return { serviceId, goals: [{ goal: '', progress: '' }] };
    case 'discharge':
      return { serviceId, outcome: '', recommendations: '' };
  }
}

/** Typed signature matches the profile name: case, surrounding and repeated spaces ignored. */
export function signatureMatches(typed: string, name: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(typed) !== '' && normal(typed) === normal(name);
}

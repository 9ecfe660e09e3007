import { z } from 'zod';

/**
 * What managers see and send about the primary-source checks of issue 13 (the NPPES NPI Registry
 * and the OIG exclusion list, LEIE): the LEIE imports, the therapists an exclusion match suspended,
 * and lifting a suspension. Shared by the server's routes and the web's forms.
 */

export const SUSPENSION_LIFT_REASON_MAX = 500;

export const primarySourceMessages = {
  importAlreadyQueued: 'An import of the exclusion list is already queued or running.',
  therapistNotFound: 'No therapist was found with this id.',
  notSuspended: 'This therapist is not suspended.',
  liftReasonRequired: 'Please give a reason for lifting the suspension',
  noNpiOnFile: 'This therapist has no NPI on file to check.',
} as const;

export const leieImportSchema = z.object({
  id: z.string(),
  /** Where the list was read from, in words ("https://oig.hhs.gov/…", or the built-in stand-in list). */
  source: z.string(),
  status: z.enum(['running', 'finished', 'failed']),
  rowCount: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LeieImport = z.infer<typeof leieImportSchema>;

export const suspendedTherapistSchema = z.object({
  therapistId: z.string(),
  name: z.string(),
  email: z.string(),
  suspendedAt: z.string(),
  reason: z.string(),
});
export type SuspendedTherapist = z.infer<typeof suspendedTherapistSchema>;

export const exclusionsOverviewSchema = z.object({
  /** The newest imports, newest first (a few, so a failure and its retry both show). */
  imports: z.array(leieImportSchema),
  /** The import whose rows are the list in force, if any finished. */
  inForce: leieImportSchema.nullable(),
  /** An import is waiting in the queue or running: "Import now" would only repeat it. */
  importQueued: z.boolean(),
  /** Therapists are being checked against the list (after an import, or one at approval): a suspension may follow. */
  checking: z.boolean(),
  suspended: z.array(suspendedTherapistSchema),
});
export type ExclusionsOverview = z.infer<typeof exclusionsOverviewSchema>;

export const liftSuspensionSchema = z.object({
  reason: z
    .string({ error: primarySourceMessages.liftReasonRequired })
    .trim()
    .min(1, primarySourceMessages.liftReasonRequired)
    .max(SUSPENSION_LIFT_REASON_MAX, `Please keep the reason under ${SUSPENSION_LIFT_REASON_MAX} characters`),
});
export type LiftSuspension = z.infer<typeof liftSuspensionSchema>;

import { z } from 'zod';
import { userTypes } from './accounts';
import { REJECT_REASON_MAX } from './admin';

/**
 * Credentials (NPI and license) changed after approval. A manager approved the account on the
 * credential it had then; a later change is recorded as pending and reviewed again, and until a
 * manager approves it the account keeps the credential that was approved: matching, the
 * eligibility view and everything else read only that one.
 */

export const credentialChangeStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CredentialChangeStatus = (typeof credentialChangeStatuses)[number];

/** The fields of onboarding step 1 that a manager checks before approving an account. */
export const credentialFields = ['npiNumber', 'licenseNumber', 'licenseState', 'licenseExpiry'] as const;
export type CredentialField = (typeof credentialFields)[number];

export const credentialSchema = z.object({
  npiNumber: z.string(),
  licenseNumber: z.string(),
  licenseState: z.string(),
  licenseExpiry: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;

type MaybeCredential = { [K in CredentialField]?: string | null } | null | undefined;

/** The credential fields that differ between two credentials (a missing value counts as empty). */
export function changedCredentialFields(before: MaybeCredential, after: MaybeCredential): CredentialField[] {
  return credentialFields.filter((field) => (before?.[field] ?? '') !== (after?.[field] ?? ''));
}

/**
 * Whether a credential submitted by an account in `status` must wait for a manager: only an
 * approved account's change does. A pending or rejected account is under review as a whole, so
 * what it submits is simply what the manager will see when reviewing it.
 */
export function needsCredentialReview(status: string, recorded: MaybeCredential, submitted: MaybeCredential): boolean {
  return status === 'approved' && changedCredentialFields(recorded, submitted).length > 0;
}

export const credentialChangeMessages = {
  notFound: 'No credential change was found with this id.',
  alreadyReviewed: 'This credential change has already been reviewed or replaced.',
  cannotReviewSelf: 'You cannot review your own credential change.',
  rejectReasonRequired: 'Please give a reason for rejecting',
  rejectReasonTooLong: `Please keep the reason under ${REJECT_REASON_MAX} characters`,
} as const;

/** What the therapist (or agency) sees on their onboarding page about their latest change. */
export const credentialReviewSchema = z.object({
  status: z.enum(['pending', 'rejected']),
  submitted: credentialSchema,
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** A rejection's reason. */
  reason: z.string().nullable(),
});
export type CredentialReview = z.infer<typeof credentialReviewSchema>;

/** One pending change in the managers' review list: the approved credential beside the new one. */
export const credentialChangeItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userType: z.enum(userTypes),
  name: z.string(),
  email: z.string(),
  status: z.enum(credentialChangeStatuses),
  approved: credentialSchema.nullable(),
  submitted: credentialSchema,
  changedFields: z.array(z.enum(credentialFields)),
  submittedAt: z.string(),
});
export type CredentialChangeItem = z.infer<typeof credentialChangeItemSchema>;

export const credentialChangeListSchema = z.object({ items: z.array(credentialChangeItemSchema) });
export type CredentialChangeList = z.infer<typeof credentialChangeListSchema>;

export const rejectCredentialChangeSchema = z.object({
  reason: z
    .string({ error: credentialChangeMessages.rejectReasonRequired })
    .trim()
    .min(1, credentialChangeMessages.rejectReasonRequired)
    .max(REJECT_REASON_MAX, credentialChangeMessages.rejectReasonTooLong),
});
export type RejectCredentialChangeInput = z.input<typeof rejectCredentialChangeSchema>;

/** Labels for the review list and the therapist's notice. */
export const credentialFieldLabels: Record<CredentialField, string> = {
  npiNumber: 'NPI',
  licenseNumber: 'License number',
  licenseState: 'License state',
  licenseExpiry: 'License expiry',
};

import { z } from 'zod';
import { attachmentContentTypes } from './documentation';
import {
  CREDENTIAL_REASON_MAX,
  credentialInputSchema,
  credentialKinds,
  credentialMessages,
  credentialStatuses,
  monthYear,
  verificationMethods,
  type CredentialStatus,
} from './credentials';
import { disciplines, accountStatuses } from './accounts';
import { usStateCodes } from './us-states';

/**
 * What the credentials API sends and takes (server/credentials, web/credentials): one schema each
 * for the route and the form.
 */

/** A therapist's credential form: the shared input, plus the rules that depend on the kind. */
export const credentialFormSchema = credentialInputSchema.superRefine((value, ctx) => {
  if (value.kind === 'state_license') {
    if (!(usStateCodes as readonly string[]).includes(value.issuer.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'Please choose the state that issued the license' });
    }
    if (value.number === '') ctx.addIssue({ code: 'custom', path: ['number'], message: 'Please enter the license number' });
  } else if (value.compactPrivilege) {
    ctx.addIssue({ code: 'custom', path: ['compactPrivilege'], message: 'Only a state license can be a compact privilege' });
  }
});
export type CredentialFormInput = z.input<typeof credentialFormSchema>;

export const credentialDocumentSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(attachmentContentTypes),
  sizeBytes: z.number(),
});

export const credentialViewSchema = z.object({
  id: z.string(),
  kind: z.enum(credentialKinds),
  number: z.string(),
  issuer: z.string(),
  compactPrivilege: z.boolean(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  status: z.enum(credentialStatuses),
  rejectionReason: z.string().nullable(),
  document: credentialDocumentSchema.nullable(),
  submittedAt: z.string(),
  verifiedAt: z.string().nullable(),
  verificationMethod: z.enum(verificationMethods).nullable(),
  verificationSource: z.string().nullable(),
});
export type CredentialView = z.infer<typeof credentialViewSchema>;

export const credentialProblemSchema = z.object({ kind: z.enum(credentialKinds), message: z.string() });

/** The therapist's own list: every credential, and the required ones still missing. */
export const myCredentialsSchema = z.object({
  items: z.array(credentialViewSchema),
  missing: z.array(credentialProblemSchema),
});
export type MyCredentials = z.infer<typeof myCredentialsSchema>;

/** How a manager verified a credential: at the state board (its lookup URL) or from the document. */
export const verifyCredentialSchema = z
  .object({
    method: z.enum(['board_lookup', 'document'], { message: 'Please choose how you verified it' }),
    source: z.string().trim().max(500, 'Please keep the source under 500 characters').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'board_lookup' && !/^https?:\/\/\S+$/.test(value.source)) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: credentialMessages.verificationSourceRequired });
    }
  });
export type VerifyCredentialInput = z.input<typeof verifyCredentialSchema>;

export const rejectCredentialSchema = z.object({
  reason: z
    .string({ error: credentialMessages.rejectReasonRequired })
    .trim()
    .min(1, credentialMessages.rejectReasonRequired)
    .max(CREDENTIAL_REASON_MAX, `Please keep the reason under ${CREDENTIAL_REASON_MAX} characters`),
});

/** A credential as managers see it: with the board lookup for a state license. */
export const reviewCredentialViewSchema = credentialViewSchema.extend({
  boardLookup: z.object({ url: z.string(), label: z.string(), stateBoard: z.boolean() }).nullable(),
});
export type ReviewCredentialView = z.infer<typeof reviewCredentialViewSchema>;

export const primarySourceCheckViewSchema = z.object({
  source: z.enum(['nppes', 'leie']),
  outcome: z.enum(['pending', 'clear', 'review', 'match', 'unreachable']),
  detail: z.string(),
  checkedAt: z.string(),
});
export type PrimarySourceCheckView = z.infer<typeof primarySourceCheckViewSchema>;

/** The manager's screen for one therapist: each credential with its lookup, the latest checks, what is missing for approval. */
export const therapistCredentialsReviewSchema = z.object({
  therapist: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    discipline: z.enum(disciplines).nullable(),
    status: z.enum(accountStatuses),
  }),
  credentials: z.array(reviewCredentialViewSchema),
  checks: z.object({ nppes: primarySourceCheckViewSchema.nullable(), leie: primarySourceCheckViewSchema.nullable() }),
  missing: z.array(credentialProblemSchema),
});
export type TherapistCredentialsReview = z.infer<typeof therapistCredentialsReviewSchema>;

/** One submitted credential in the managers' queue, oldest first. */
export const credentialQueueItemSchema = z.object({
  id: z.string(),
  therapistId: z.string(),
  therapistName: z.string(),
  kind: z.enum(credentialKinds),
  issuer: z.string(),
  compactPrivilege: z.boolean(),
  submittedAt: z.string(),
  hasDocument: z.boolean(),
});
export const credentialQueueSchema = z.object({ items: z.array(credentialQueueItemSchema), total: z.number() });
export type CredentialQueue = z.infer<typeof credentialQueueSchema>;

/** What the therapist's list says of a credential's status: "Verified Nov 2026", "Rejected: …". */
export function credentialStatusLabel(credential: { status: CredentialStatus; verifiedAt: string | null; rejectionReason: string | null }): string {
  switch (credential.status) {
    case 'submitted':
      return 'Awaiting verification';
    case 'verified':
      return credential.verifiedAt ? `Verified ${monthYear(credential.verifiedAt)}` : 'Verified';
    case 'rejected':
      return credential.rejectionReason ? `Rejected: ${credential.rejectionReason}` : 'Rejected';
    case 'expired':
      return 'Expired';
  }
}

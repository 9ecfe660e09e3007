import {
  changedCredentialFields,
  credentialChangeMessages,
  type Credential,
  type CredentialChangeItem,
  type CredentialReview,
} from '../../domain/credential-changes';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database, type Db } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import {
  closeChange,
  findChangeForManagers,
  latestChangeOf,
  listPendingChangesForManagers,
  lockAccountStatus,
  recordApprovedCredential,
  type CredentialChangeRow,
} from './credential-queries';

/**
 * Review of credentials changed after approval. Onboarding owns `credential_changes`: saving
 * records or withdraws a pending change (service.ts), and the review below closes it; the admin
 * area only calls these.
 */

type CredentialColumns = { [K in keyof Credential]: string | null };

/** A credential as the API shows it: empty strings where nothing is on file. */
export function credentialOf(row: CredentialColumns | null | undefined): Credential {
  return {
    npiNumber: row?.npiNumber ?? '',
    licenseNumber: row?.licenseNumber ?? '',
    licenseState: row?.licenseState ?? '',
    licenseExpiry: row?.licenseExpiry ?? '',
  };
}

/** The account's latest change still pending, or rejected, for its onboarding page. */
export async function credentialReviewOf(db: Db, userId: string): Promise<CredentialReview | null> {
  const change = await latestChangeOf(db, userId);
  if (!change || (change.status !== 'pending' && change.status !== 'rejected')) return null;
  return {
    status: change.status,
    submitted: credentialOf(change),
    submittedAt: change.submittedAt.toISOString(),
    reviewedAt: change.reviewedAt?.toISOString() ?? null,
    reason: change.status === 'rejected' ? change.reason : null,
  };
}

function presentChange(row: CredentialChangeRow): CredentialChangeItem {
  const approvedColumns = {
    npiNumber: row.approvedNpiNumber,
    licenseNumber: row.approvedLicenseNumber,
    licenseState: row.approvedLicenseState,
    licenseExpiry: row.approvedLicenseExpiry,
  };
  const hasApproved = Object.values(approvedColumns).some((value) => value !== null && value !== '');
  const submitted = credentialOf(row);
  return {
    id: row.id,
    userId: row.userId,
    userType: row.userType,
    name: row.name,
    email: row.email,
    status: row.status,
    approved: hasApproved ? credentialOf(approvedColumns) : null,
    submitted,
    changedFields: changedCredentialFields(approvedColumns, submitted),
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** Every pending change, oldest first, for managers (the caller has checked the manager). */
export async function listCredentialChanges({ database }: { database: Database }): Promise<CredentialChangeItem[]> {
  return (await listPendingChangesForManagers(database.db)).map(presentChange);
}

export type ReviewCredentialChangeInput = Caller & {
  changeId: string;
  decision: 'approved' | 'rejected';
  reason?: string;
};

/**
 * Approves (the submitted credential becomes the approved one) or rejects (the approved one stays)
 * a pending change, with its audit row, in one transaction. The account row is locked before the
 * change, in the same order as a save, so a save and a review never deadlock or interleave, and two
 * reviews of one change cannot both succeed.
 */
export async function reviewCredentialChange(
  { database }: { database: Database },
  input: ReviewCredentialChangeInput,
): Promise<CredentialChangeItem> {
  const reviewerId = input.actor.userId;
  const reason = input.reason?.trim() || null;
  if (input.decision === 'rejected' && !reason) {
    const message = credentialChangeMessages.rejectReasonRequired;
    throw new AppError('VALIDATION', message, { reason: message });
  }
  return inTransaction(database, async ({ tx }) => {
    const found = await findChangeForManagers(tx, input.changeId);
    if (!found) throw new AppError('NOT_FOUND', credentialChangeMessages.notFound);
    if (found.userId === reviewerId) throw new AppError('FORBIDDEN', credentialChangeMessages.cannotReviewSelf);
    await lockAccountStatus(tx, found.userId);
    const change = await findChangeForManagers(tx, input.changeId, { forUpdate: true });
    if (change?.status !== 'pending') throw new AppError('CONFLICT', credentialChangeMessages.alreadyReviewed);

    const presented = presentChange(change);
    if (input.decision === 'approved') await recordApprovedCredential(tx, change.userId, presented.submitted);
    await closeChange(tx, { id: change.id, status: input.decision, reviewedBy: reviewerId, reason: input.decision === 'rejected' ? reason : null });
    await writeAudit(tx, {
      actorUserId: reviewerId,
      action: input.decision === 'approved' ? 'credential_change.approved' : 'credential_change.rejected',
      entityType: 'credential_change',
      entityId: change.id,
      outcome: 'success',
      ipAddress: input.client.ipAddress,
      userAgent: input.client.userAgent,
      details: { userId: change.userId, userType: change.userType, changedFields: presented.changedFields, reason },
    });
    return { ...presented, status: input.decision };
  });
}

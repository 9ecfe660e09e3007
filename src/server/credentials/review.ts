import { boardLookupFor } from '../../domain/license-boards';
import type {
  CredentialQueue,
  PrimarySourceCheckView,
  ReviewCredentialView,
  TherapistCredentialsReview,
} from '../../domain/credential-views';
import { credentialMessages } from '../../domain/credentials';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Db } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { presentCredential } from './presenters';
import { findCredentialForManagers, findTherapistForManagers, latestChecksForManagers, listCredentialsOf, listSubmittedForManagers, type CredentialRow } from './queries';
import { missingOf, type CredentialDeps } from './service';
import { moveCredentialStatus } from './status';

/**
 * The managers' side: the queue of credentials awaiting verification, one therapist's credentials
 * beside their board lookups and primary-source checks, and the verify and reject decisions. The
 * routes require an approved manager at aal2.
 */

type ReviewDeps = Pick<CredentialDeps, 'database' | 'phiBox' | 'requiredCredentials'>;

export async function listCredentialQueue(deps: Pick<CredentialDeps, 'database'>, options: { page: number; pageSize: number }): Promise<CredentialQueue> {
  const { rows, total } = await listSubmittedForManagers(deps.database.db, { limit: options.pageSize, offset: (options.page - 1) * options.pageSize });
  return { items: rows.map((row) => ({ ...row, submittedAt: row.submittedAt.toISOString() })), total };
}

function presentForReview(deps: ReviewDeps, row: CredentialRow, discipline: Parameters<typeof boardLookupFor>[1]): ReviewCredentialView {
  return { ...presentCredential(deps.phiBox, row), boardLookup: row.kind === 'state_license' ? boardLookupFor(row.issuer, discipline) : null };
}

/** Everything a manager needs to verify one therapist's credentials and to approve the account. */
export async function therapistCredentialsReview(deps: ReviewDeps, options: { therapistId: string }): Promise<TherapistCredentialsReview> {
  const { db } = deps.database;
  const [therapist, rows, checks] = await Promise.all([
    findTherapistForManagers(db, options.therapistId),
    listCredentialsOf(db, options.therapistId),
    latestChecksForManagers(db, options.therapistId),
  ]);
  if (!therapist) throw new AppError('NOT_FOUND', 'No therapist was found with this id.');
  const discipline = therapist.disciplines[0] ?? null;
  const checkOf = (source: 'nppes' | 'leie'): PrimarySourceCheckView | null => {
    const check = checks.find((row) => row.source === source);
    return check ? { source, outcome: check.outcome, detail: check.detail, checkedAt: check.checkedAt.toISOString() } : null;
  };
  return {
    therapist: { id: therapist.id, name: `${therapist.firstName} ${therapist.lastName}`, email: therapist.email, discipline, status: therapist.status },
    credentials: rows.map((row) => presentForReview(deps, row, discipline)),
    checks: { nppes: checkOf('nppes'), leie: checkOf('leie') },
    missing: missingOf(rows, deps.requiredCredentials),
  };
}

type Decision = { decision: 'verified'; input: { method: 'board_lookup' | 'document'; source: string } } | { decision: 'rejected'; reason: string };

/**
 * A manager verifies (how: the board lookup URL, or the document) or rejects (why) a credential
 * awaiting verification, with the audit row, in one transaction. Never their own; the move is
 * conditional on the credential still awaiting review, so of two managers at once one wins and the
 * other gets 409, as does a manager whose credential changed under them.
 */
export async function reviewCredential(deps: ReviewDeps, options: Caller & { credentialId: string } & Decision): Promise<ReviewCredentialView> {
  const managerId = options.actor.userId;
  return inTransaction(deps.database, async ({ tx }) => {
    const credential = await findCredentialForManagers(tx, options.credentialId);
    if (!credential) throw new AppError('NOT_FOUND', credentialMessages.notFound);
    if (credential.therapistId === managerId) throw new AppError('FORBIDDEN', credentialMessages.cannotReviewSelf);
    if (credential.status !== 'submitted') throw new AppError('CONFLICT', credentialMessages.alreadyReviewed);
    const moved =
      options.decision === 'verified'
        ? await moveCredentialStatus(tx, { id: credential.id, from: 'submitted' }, {
            to: 'verified',
            verifiedBy: managerId,
            method: options.input.method,
            source: options.input.method === 'document' ? 'document' : options.input.source,
          })
        : await moveCredentialStatus(tx, { id: credential.id, from: 'submitted' }, { to: 'rejected', reason: options.reason });
    if (!moved) throw new AppError('CONFLICT', credentialMessages.alreadyReviewed);
    await auditDecision(tx, options, moved);
    const therapist = await findTherapistForManagers(tx, moved.therapistId);
    return presentForReview(deps, moved, therapist?.disciplines[0] ?? null);
  });
}

function auditDecision(tx: Db, options: Caller, row: CredentialRow) {
  return writeAudit(tx, {
    actorUserId: options.actor.userId,
    action: row.status === 'verified' ? 'credential.verified' : 'credential.rejected',
    entityType: 'therapist_credential',
    entityId: row.id,
    outcome: 'success',
    ipAddress: options.client.ipAddress,
    userAgent: options.client.userAgent,
    // The reason is the manager's words to the therapist, kept on the credential; the audit names the method.
    details: { therapistId: row.therapistId, kind: row.kind, method: row.verificationMethod, source: row.status === 'verified' ? row.verificationSource : undefined },
  });
}

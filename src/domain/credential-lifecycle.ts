import type { CredentialStatus } from './credentials';

/**
 * The life cycle of a therapist's credential: submitted → verified | rejected (with a reason);
 * verified → expired (the daily expiry job); any change to what was reviewed (number, issuer,
 * compact privilege, dates, document) of a reviewed credential puts it back to submitted, clearing
 * the verification, so a changed credential is never read as verified. The server moves a status
 * only through `moveCredentialStatus` (server/credentials/status.ts), which checks these moves.
 */

const moves: Record<CredentialStatus, readonly CredentialStatus[]> = {
  submitted: ['verified', 'rejected'],
  verified: ['expired', 'submitted'],
  rejected: ['submitted'],
  expired: ['submitted'],
};

export function canMoveCredential(from: CredentialStatus, to: CredentialStatus): boolean {
  return moves[from].includes(to);
}

/** The fields whose change sends a reviewed credential back to review. */
export const reviewedCredentialFields = ['number', 'issuer', 'compactPrivilege', 'issuedOn', 'expiresOn'] as const;
type Reviewed = { [K in (typeof reviewedCredentialFields)[number]]: string | boolean | null };

export function changedReviewedFields(before: Reviewed, after: Reviewed): string[] {
  return reviewedCredentialFields.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
}

import { and, eq, sql } from 'drizzle-orm';
import { canMoveCredential } from '../../domain/credential-lifecycle';
import type { CredentialStatus, VerificationMethod } from '../../domain/credentials';
import type { Db } from '../db/client';
import { therapistCredentials } from '../db/schema/index';
import type { CredentialRow } from './queries';

/** What a move records beside the new status. */
export type CredentialMove =
  | { to: 'verified'; verifiedBy: string; method: VerificationMethod; source: string }
  | { to: 'rejected'; reason: string }
  | { to: 'expired' }
  /** Changed by the therapist: back to review, the verification cleared; `changes` are the new field values. */
  | { to: 'submitted'; changes?: Partial<CredentialRow> };

/**
 * The one way a credential's status moves (domain/credential-lifecycle.ts). The update is
 * conditional on the status the caller read, so of two managers verifying at once, or a review
 * racing the therapist's edit, exactly one wins; the loser gets null and answers 409.
 */
export async function moveCredentialStatus(tx: Db, credential: { id: string; from: CredentialStatus }, move: CredentialMove): Promise<CredentialRow | null> {
  if (!canMoveCredential(credential.from, move.to)) throw new Error(`a credential cannot move from ${credential.from} to ${move.to}`);
  const cleared = { verifiedAt: null, verifiedBy: null, verificationMethod: null, verificationSource: null, rejectionReason: null };
  const set: Partial<CredentialRow> =
    move.to === 'verified'
      ? { ...cleared, verifiedAt: new Date(), verifiedBy: move.verifiedBy, verificationMethod: move.method, verificationSource: move.source }
      : move.to === 'rejected'
        ? { ...cleared, rejectionReason: move.reason }
        : move.to === 'submitted'
          ? { ...(move.changes ?? {}), ...cleared, submittedAt: new Date() }
          : {};
  const [row] = await tx
    .update(therapistCredentials)
    .set({ ...set, status: move.to, updatedAt: sql`now()` })
    .where(and(eq(therapistCredentials.id, credential.id), eq(therapistCredentials.status, credential.from)))
    .returning();
  return row ?? null;
}

/**
 * The therapist changed what a manager reviews (fields or document): a credential awaiting review
 * takes the change as it is; a reviewed one moves back to submitted with it. Null when the status
 * moved under the caller (a manager's review won the race).
 */
export async function reviseCredential(tx: Db, current: Pick<CredentialRow, 'id' | 'status'>, changes: Partial<CredentialRow>): Promise<CredentialRow | null> {
  if (current.status !== 'submitted') return moveCredentialStatus(tx, { id: current.id, from: current.status }, { to: 'submitted', changes });
  const [row] = await tx
    .update(therapistCredentials)
    .set({ ...changes, submittedAt: new Date(), updatedAt: sql`now()` })
    .where(and(eq(therapistCredentials.id, current.id), eq(therapistCredentials.status, 'submitted')))
    .returning();
  return row ?? null;
}

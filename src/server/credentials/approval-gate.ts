import { credentialMessages, type CredentialKind } from '../../domain/credentials';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { listCredentialsOf } from './queries';
import { missingOf } from './service';

/**
 * The credentials part of approving a therapist (admin/service.ts calls it inside the approval's
 * transaction): every required kind verified and unexpired (a license of any state), or else a 409
 * naming what is missing — unless the manager overrides with a reason. What is returned goes into
 * the approval's audit row, so an override is on record with what it let through.
 */
export async function credentialsForApproval(
  tx: Db,
  options: { therapistId: string; required: readonly CredentialKind[]; override: boolean; reason: string | null },
): Promise<{ credentialsOverridden: true; missingCredentials: CredentialKind[] } | null> {
  const missing = missingOf(await listCredentialsOf(tx, options.therapistId), options.required);
  if (missing.length === 0) return null;
  if (!options.override) {
    throw new AppError('CONFLICT', `Not every required credential is verified: ${missing.map((problem) => problem.message).join('; ')}.`);
  }
  if (!options.reason) throw new AppError('VALIDATION', credentialMessages.overrideReasonRequired, { reason: credentialMessages.overrideReasonRequired });
  return { credentialsOverridden: true, missingCredentials: missing.map((problem) => problem.kind) };
}

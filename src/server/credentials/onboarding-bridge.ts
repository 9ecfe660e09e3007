import { changedReviewedFields } from '../../domain/credential-lifecycle';
import type { CredentialKind } from '../../domain/credentials';
import type { Db } from '../db/client';
import { insertCredential, listCredentialsOf, type CredentialRow } from './queries';
import { reviseCredential } from './status';

/**
 * Onboarding step 1 asks a therapist for their NPI and one license; those are credentials like any
 * other, so saving the form records them in `therapist_credentials` (awaiting verification), the
 * table every gate reads. The NPI row takes the new number. The license given is the row for that
 * state (a license in another state is a different license: the one recorded before stays as it is,
 * for the therapist to remove on the Credentials page if it is gone). A change to a reviewed row
 * sends it back to review through the one status move. Returns the kinds whose rows changed.
 */
export async function recordOnboardingCredentials(
  tx: Db,
  input: { therapistId: string; npiNumber: string; licenseNumber: string; licenseState: string; licenseExpiry: string },
): Promise<CredentialKind[]> {
  const rows = await listCredentialsOf(tx, input.therapistId, { forUpdate: true });
  const changed: CredentialKind[] = [];
  const state = input.licenseState.toUpperCase();

  const npi = rows.find((row) => row.kind === 'npi');
  if (await record(tx, input.therapistId, npi, { kind: 'npi', number: input.npiNumber, issuer: npi?.issuer ?? 'NPPES', expiresOn: npi?.expiresOn ?? null })) changed.push('npi');

  const license = rows.find((row) => row.kind === 'state_license' && !row.compactPrivilege && row.issuer === state);
  if (await record(tx, input.therapistId, license, { kind: 'state_license', number: input.licenseNumber, issuer: state, expiresOn: input.licenseExpiry })) {
    changed.push('state_license');
  }
  return changed;
}

type Given = { kind: CredentialKind; number: string; issuer: string; expiresOn: string | null };

async function record(tx: Db, therapistId: string, current: CredentialRow | undefined, given: Given): Promise<boolean> {
  if (!current) {
    await insertCredential(tx, { therapistId, ...given });
    return true;
  }
  const changes = { number: given.number, issuer: given.issuer, compactPrivilege: current.compactPrivilege, issuedOn: current.issuedOn, expiresOn: given.expiresOn };
  if (changedReviewedFields(current, changes).length === 0) return false;
  // The rows are locked, so the status read is the one the move is conditional on.
  if (!(await reviseCredential(tx, current, changes))) throw new Error(`credential ${current.id} moved while locked`);
  return true;
}

import type { PhiBox } from '../crypto/phi-box';

/**
 * A credential's document is sealed with the PHI key like a visit attachment (documentation/
 * attachments.ts), but bound to the credential and its therapist: a sealed file or name copied onto
 * another credential or therapist fails to open instead of showing someone else's license.
 */

type Owner = { id: string; therapistId: string };

export const documentBinding = (credential: Owner) => `therapist_credential:${credential.id}:therapist:${credential.therapistId}`;
const nameBinding = (credential: Owner) => `${documentBinding(credential)}:file-name`;

export function sealDocumentName(phiBox: PhiBox, credential: Owner, fileName: string): string {
  return phiBox.seal(fileName, nameBinding(credential));
}

export function openDocumentName(phiBox: PhiBox, credential: Owner & { documentNameSealed: string | null }): string {
  if (credential.documentNameSealed === null) return 'document';
  try {
    return phiBox.open(credential.documentNameSealed, nameBinding(credential));
  } catch {
    throw new Error(`credential ${credential.id}: document name could not be opened (tampered, moved or wrong key)`);
  }
}

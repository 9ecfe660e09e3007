import type { AttachmentContentType } from '../../domain/documentation';
import type { CredentialView } from '../../domain/credential-views';
import type { PhiBox } from '../crypto/phi-box';
import { openDocumentName } from './document';
import type { CredentialRow } from './queries';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The fields of a credential anyone allowed to see it gets: never its storage key, hash or who verified it by id. */
export function presentCredential(phiBox: PhiBox, row: CredentialRow): CredentialView {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuer: row.issuer,
    compactPrivilege: row.compactPrivilege,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    status: row.status,
    rejectionReason: row.rejectionReason,
    document:
      row.documentStorageKey && row.documentContentType
        ? { fileName: openDocumentName(phiBox, row), contentType: row.documentContentType as AttachmentContentType, sizeBytes: row.documentSizeBytes ?? 0 }
        : null,
    submittedAt: row.submittedAt.toISOString(),
    verifiedAt: iso(row.verifiedAt),
    verificationMethod: row.verificationMethod,
    verificationSource: row.verificationSource,
  };
}

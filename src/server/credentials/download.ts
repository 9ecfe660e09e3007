import { audited, refused } from '../audit/audited-use-case';
import { contentDisposition } from '../documentation/file-name';
import { openSealedFile } from '../documentation/sealed-file';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { documentBinding, openDocumentName } from './document';
import { findCredentialForManagers, findCredentialOf } from './queries';
import type { CredentialDeps } from './service';

export const CREDENTIAL_DOCUMENT_DOWNLOAD = 'credential.document_downloaded';
export const CREDENTIAL_ENTITY = 'therapist_credential';

/**
 * A credential's document, for the therapist who owns it or a manager (the route requires a
 * manager to be at aal2); anyone else gets the 404 of a credential that does not exist. Every
 * download, allowed or refused, is audited.
 */
export async function downloadCredentialDocument(
  deps: Pick<CredentialDeps, 'database' | 'store' | 'phiBox'>,
  options: Caller & { credentialId: string },
): Promise<{ contentType: string; contentDisposition: string; body: Buffer }> {
  const { actor, client, credentialId } = options;
  const meta = { actorUserId: actor.userId, action: CREDENTIAL_DOCUMENT_DOWNLOAD, entityType: CREDENTIAL_ENTITY, entityId: credentialId, client };
  const asManager = actor.account?.userType === 'manager';
  return audited(deps.database, meta, async ({ tx }) => {
    const credential = asManager ? await findCredentialForManagers(tx, credentialId) : await findCredentialOf(tx, credentialId, actor.userId);
    const as = asManager ? 'manager' : 'owner';
    if (!credential?.documentStorageKey || !credential.documentContentType) {
      return refused(new AppError('NOT_FOUND', 'No document was found for this credential.'), { reason: credential ? 'no_document' : 'no_access', as });
    }
    const details = { as, therapistId: credential.therapistId, kind: credential.kind };
    const opened = await openSealedFile(deps, credential.documentStorageKey, documentBinding(credential), tx);
    if (opened === 'unavailable') {
      return refused(new AppError('UNAVAILABLE', 'The file cannot be reached right now. Please try again in a moment.'), { reason: 'store_unavailable', ...details });
    }
    if (opened === 'missing' || opened === 'unreadable') {
      return refused(new Error(`a credential document could not be opened (${opened})`), { reason: opened, ...details });
    }
    return {
      value: { contentType: credential.documentContentType, contentDisposition: contentDisposition(openDocumentName(deps.phiBox, credential)), body: opened },
      details,
    };
  });
}

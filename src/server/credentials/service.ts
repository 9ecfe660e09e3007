import { createHash, randomBytes } from 'node:crypto';
import { missingForApproval } from '../../domain/credential-approval';
import { changedReviewedFields } from '../../domain/credential-lifecycle';
import type { CredentialView, MyCredentials } from '../../domain/credential-views';
import { credentialMessages, type CredentialInput, type CredentialKind } from '../../domain/credentials';
import { writeAudit } from '../audit/write-audit';
import type { JobQueue } from '../jobs/queue';
import { queueNppesCheck } from './nppes-check-job';
import type { PhiBox } from '../crypto/phi-box';
import { inTransaction, type Database, type Db } from '../db/client';
import type { AttachmentStore } from '../documentation/attachment-store';
import { cleanFileName } from '../documentation/file-name';
import { checkUpload, removeStoredFile, type RemovalLog } from '../documentation/sealed-file';
import { AppError } from '../errors';
import { businessToday } from '../../domain/business-date';
import type { Caller } from '../use-case';
import { documentBinding, sealDocumentName } from './document';
import { presentCredential } from './presenters';
import { deleteCredentialRow, findCredentialOf, insertCredential, listCredentialsOf, type CredentialRow } from './queries';
import { reviseCredential } from './status';

/**
 * The therapist's own credentials: listing, adding, changing, removing, and each one's document.
 * Every write is one transaction with its audit row (ids, kinds and field names; never a number,
 * a name or a file name). A change to what a manager reviewed sends the credential back to review.
 */

export interface CredentialDeps {
  database: Database;
  store: AttachmentStore;
  phiBox: PhiBox;
  requiredCredentials: readonly CredentialKind[];
  /** Queues the NPPES check of an NPI added or changed (nppes-check-job.ts); absent, none is queued. */
  jobs?: JobQueue;
}

const notFound = () => new AppError('NOT_FOUND', credentialMessages.notFound);
const conflict = () => new AppError('CONFLICT', credentialMessages.alreadyReviewed);

/** What the required kinds still lack, judged as approval judges it (any state's license). */
export function missingOf(rows: readonly CredentialRow[], required: readonly CredentialKind[]) {
  return missingForApproval({ credentials: rows, required, today: businessToday() });
}

export async function listMyCredentials(deps: CredentialDeps, options: Pick<Caller, 'actor'>): Promise<MyCredentials> {
  const rows = await listCredentialsOf(deps.database.db, options.actor.userId);
  return { items: rows.map((row) => presentCredential(deps.phiBox, row)), missing: missingOf(rows, deps.requiredCredentials) };
}

const fieldsOf = (input: CredentialInput) => ({
  number: input.number,
  issuer: input.kind === 'state_license' ? input.issuer.toUpperCase() : input.issuer,
  compactPrivilege: input.kind === 'state_license' && input.compactPrivilege,
  issuedOn: input.issuedOn,
  expiresOn: input.expiresOn,
});

function audit(tx: Db, options: Caller, action: string, credentialId: string, details: Record<string, unknown>) {
  return writeAudit(tx, {
    actorUserId: options.actor.userId,
    action,
    entityType: 'therapist_credential',
    entityId: credentialId,
    outcome: 'success',
    ipAddress: options.client.ipAddress,
    userAgent: options.client.userAgent,
    details,
  });
}

export async function addCredential(deps: CredentialDeps, options: Caller & { input: CredentialInput }): Promise<CredentialView> {
  const { input } = options;
  return inTransaction(deps.database, async ({ tx, sql }) => {
    const row = await insertCredential(tx, { therapistId: options.actor.userId, kind: input.kind, ...fieldsOf(input) });
    await audit(tx, options, 'credential.added', row.id, { kind: row.kind });
    if (row.kind === 'npi' && deps.jobs) await queueNppesCheck(deps.jobs, row.therapistId, { sql });
    return presentCredential(deps.phiBox, row);
  });
}

/**
 * Saves the therapist's change. The kind is fixed (a different kind is a new credential). A
 * reviewed credential (verified, rejected or expired) whose reviewed fields changed goes back to
 * review through the one status move; saving what is already there changes nothing.
 */
export async function editCredential(deps: CredentialDeps, options: Caller & { credentialId: string; input: CredentialInput }): Promise<CredentialView> {
  const { input } = options;
  return inTransaction(deps.database, async ({ tx, sql }) => {
    const current = await findCredentialOf(tx, options.credentialId, options.actor.userId, { forUpdate: true });
    if (!current) throw notFound();
    if (current.kind !== input.kind) {
      const message = 'The kind of a credential cannot be changed; add a new credential instead';
      throw new AppError('VALIDATION', message, { kind: message });
    }
    const fields = fieldsOf(input);
    const changedFields = changedReviewedFields(current, fields);
    if (changedFields.length === 0) return presentCredential(deps.phiBox, current);
    const updated = await reviseCredential(tx, current, fields);
    if (!updated) throw conflict();
    await audit(tx, options, 'credential.changed', current.id, { kind: current.kind, changedFields, previousStatus: current.status, status: updated.status });
    if (current.kind === 'npi' && deps.jobs) await queueNppesCheck(deps.jobs, current.therapistId, { sql });
    return presentCredential(deps.phiBox, updated);
  });
}

/** Removes the credential and its stored document (a bucket's after the commit; a failure there is only logged). */
export async function removeCredential(deps: CredentialDeps, options: Caller & { credentialId: string; log: RemovalLog }): Promise<void> {
  const removed = await inTransaction(deps.database, async ({ tx }) => {
    const current = await findCredentialOf(tx, options.credentialId, options.actor.userId, { forUpdate: true });
    if (!current) throw notFound();
    await deleteCredentialRow(tx, current.id);
    if (current.documentStorageKey && deps.store.transactional) await deps.store.remove(current.documentStorageKey, tx);
    await audit(tx, options, 'credential.removed', current.id, { kind: current.kind, previousStatus: current.status });
    return current;
  });
  if (removed.documentStorageKey && !deps.store.transactional) {
    await removeStoredFile(deps.store, removed.documentStorageKey, { noun: 'credential document', ids: { credentialId: removed.id } }, options.log);
  }
}

/**
 * Attaches (or replaces) the credential's document: checked like a visit attachment (type, size, a
 * whole file with no web page in it), sealed to the credential and therapist, its name sealed too.
 * A reviewed credential goes back to review: the manager must see the new document.
 */
export async function uploadCredentialDocument(
  deps: CredentialDeps,
  options: Caller & { credentialId: string; fileName: string; contentType: string; body: Buffer; log: RemovalLog },
): Promise<CredentialView> {
  const storageKey = randomBytes(24).toString('hex');
  let stored = false;
  let replaced: string | null = null;
  try {
    const view = await inTransaction(deps.database, async ({ tx }) => {
      const current = await findCredentialOf(tx, options.credentialId, options.actor.userId, { forUpdate: true });
      if (!current) throw notFound();
      const checked = checkUpload(options.contentType, options.body);
      if (!checked.ok) throw checked.error;
      // Set before the write: a write that timed out may still have landed.
      stored = true;
      await deps.store.put(storageKey, deps.phiBox.sealBytes(options.body, documentBinding(current)), tx);
      const updated = await reviseCredential(tx, current, {
        documentStorageKey: storageKey,
        documentContentType: checked.contentType,
        documentSizeBytes: options.body.length,
        documentSha256: createHash('sha256').update(options.body).digest('hex'),
        documentNameSealed: sealDocumentName(deps.phiBox, current, cleanFileName(options.fileName)),
      });
      if (!updated) throw conflict();
      replaced = current.documentStorageKey;
      if (replaced && deps.store.transactional) await deps.store.remove(replaced, tx);
      await audit(tx, options, 'credential.document_uploaded', current.id, {
        kind: current.kind,
        contentType: checked.contentType,
        sizeBytes: options.body.length,
        previousStatus: current.status,
        status: updated.status,
      });
      return presentCredential(deps.phiBox, updated);
    });
    if (replaced && !deps.store.transactional) {
      await removeStoredFile(deps.store, replaced, { noun: 'credential document', ids: { credentialId: options.credentialId } }, options.log);
    }
    return view;
  } catch (error) {
    // Nothing committed: in PostgreSQL the file rolled back with the row; a bucket's must go.
    if (stored && !deps.store.transactional) {
      await removeStoredFile(deps.store, storageKey, { noun: 'credential document', ids: { credentialId: options.credentialId } }, options.log);
    }
    throw error;
  }
}

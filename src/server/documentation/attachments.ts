import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AttachmentView } from '../../domain/documentation';
import { audited, refused, type Outcome } from '../audit/audited-use-case';
import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { accessRefusal, withVisit } from './access';
import type { AttachmentStore } from './attachment-store';
import { cleanFileName, openFileName, sealFileName } from './file-name';
import { canUseDocumentation } from './policy';
import { checkUpload, openSealedFile, removeStoredFile, type RemovalLog } from './sealed-file';
import {
  deleteAttachmentRow,
  findAttachmentInVisit,
  findAttachmentOfParty,
  findVisitOfParty,
  insertAttachment,
  listAttachmentRows,
  type AttachmentListRow,
  type AttachmentRow,
} from './queries';
import type { Caller } from '../use-case';

/**
 * Files attached to a visit's documentation (PDF, PNG, JPEG up to 10 MB), kept in the attachment
 * store (attachment-store.ts: PostgreSQL by default, or an S3-compatible bucket) under a random key,
 * so every instance serves every file; never served statically: only the download route below
 * sends them, to the visit's agency and therapist at aal2. The file must be, as a whole, the type
 * the client claims, and carry no web page (file-type-check.ts); its name is sealed (file-name.ts).
 * Each file is encrypted with the PHI key (AES-256-GCM) bound to its attachment and visit ids before
 * it reaches the store, so a copy of the database or the bucket shows no patient's document, and a
 * file altered, truncated or swapped for another attachment's fails to open (an error, audited)
 * instead of reaching the user as corrupt data.
 *
 * In PostgreSQL a file is written and removed in the transaction of its row, so a failed upload
 * leaves nothing behind. A bucket is outside the transaction: a file whose row did not commit is
 * removed at once, and a removed row's file only after the removal commits (a crash in between
 * leaves an object no row names, which can never be served).
 *
 * The therapist sees every attachment of the visit; the agency only those uploaded by the visit's
 * latest signature (the rule is `sharedWithAgency` in queries.ts): a file added to a draft is part
 * of the therapist's work in progress until they sign it. Any other is answered like someone else's.
 * For the same reason the therapist can remove a file the agency has not been given yet (a wrong
 * file attached to a draft must not be shared by signing it); once shared, a file is never removed
 * or replaced: it stays as it was signed.
 */

export const ATTACHMENT_UPLOAD = 'attachment.upload';
export const ATTACHMENT_LIST = 'attachment.list';
export const ATTACHMENT_DOWNLOAD = 'attachment.download';
export const ATTACHMENT_DELETE = 'attachment.delete';
export const ATTACHMENT_ENTITY = 'note_attachment';
export const ATTACHMENT_SHARED = 'This file was signed with your notes and can no longer be removed.';

export interface AttachmentDeps {
  database: Database;
  store: AttachmentStore;
  phiBox: PhiBox;
}

/** What the sealed file is bound to: the row that describes it, and the visit that row belongs to. */
const fileBinding = (attachment: { id: string; visitId: string }) => `note_attachment:${attachment.id}:visit:${attachment.visitId}`;

function presentAttachment(phiBox: PhiBox, row: AttachmentListRow): AttachmentView {
  return {
    id: row.id,
    fileName: openFileName(phiBox, row),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    sharedWithAgency: row.sharedWithAgency,
  };
}

/** POST: the therapist attaches a file while the note is being written (the visit is completed, not yet documented). */
export async function uploadAttachment(
  deps: AttachmentDeps,
  options: Caller & { visitId: string; fileName: string; contentType: string; body: Buffer; log: RemovalLog },
): Promise<AttachmentView> {
  const storageKey = randomBytes(24).toString('hex');
  let stored: string | null = null;
  try {
    return await withVisit(deps.database, { ...options, action: ATTACHMENT_UPLOAD, need: 'therapist', lock: true }, async ({ t, visit, done, refuse }) => {
      const { body } = options;
      const checked = checkUpload(options.contentType, body);
      if (!checked.ok) return refuse(checked.error, checked.reason);
      const { contentType } = checked;
      if (visit.status !== 'completed') return refuse(new AppError('CONFLICT', 'Files can be attached while the note is being written.'), `visit_${visit.status}`);
      // The id is chosen here, not by the database, so the file can be sealed to it before the row exists.
      const id = randomUUID();
      const row = await insertAttachment(t.tx, {
        id,
        visitId: visit.id,
        fileNameSealed: sealFileName(deps.phiBox, { id, visitId: visit.id }, cleanFileName(options.fileName)),
        contentType,
        sizeBytes: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
        storageKey,
        uploadedBy: options.actor.userId,
      });
      // Set before the write: a write that timed out may still have landed.
      stored = row.id;
      await deps.store.put(storageKey, deps.phiBox.sealBytes(body, fileBinding(row)), t.tx);
      const details = { attachmentId: row.id, contentType, sizeBytes: body.length };
      // Uploads happen only while the visit is `completed` (its latest note a draft, returned or not
      // yet written), so a new file is always after the latest signature: not shared until the next.
      return done(presentAttachment(deps.phiBox, { ...row, sharedWithAgency: false }), details);
    });
  } catch (error) {
    // No row committed. In PostgreSQL the file rolled back with it; a bucket's must be removed.
    if (stored && !deps.store.transactional) await removeStoredFile(deps.store, storageKey, { noun: 'attachment', ids: { attachmentId: stored } }, options.log);
    throw error;
  }
}

/** GET: the visit's attachments the caller may see, newest first (the agency: those signed in). */
export function listAttachments(deps: AttachmentDeps, options: Caller & { visitId: string }): Promise<AttachmentView[]> {
  return withVisit(deps.database, { ...options, action: ATTACHMENT_LIST, need: 'either' }, async ({ t, visit, as, done }) => {
    const rows = await listAttachmentRows(t.tx, visit.id, as);
    return done(rows.map((row) => presentAttachment(deps.phiBox, row)), { count: rows.length });
  });
}

/**
 * GET one file, for the visit's therapist or (once signed in) its agency at aal2, decrypted; a file
 * the agency may not see yet is a 404 audited as `no_access`, like anyone else's; a file missing from
 * the store or that fails to open is a 500, and a store that cannot be reached a 503, audited.
 */
export async function downloadAttachment(
  deps: AttachmentDeps,
  options: Caller & { attachmentId: string },
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const { actor, attachmentId, client } = options;
  const meta = { actorUserId: actor.userId, action: ATTACHMENT_DOWNLOAD, entityType: ATTACHMENT_ENTITY, entityId: attachmentId, client };
  const { attachment, body } = await audited(deps.database, meta, async ({ tx }) => {
    const found = await findAttachmentOfParty(tx, attachmentId, actor.userId);
    const access = canUseDocumentation(actor, found?.visit ?? null, 'either');
    if (!access.allowed || !found) return accessRefusal(access.allowed ? 'no_access' : access.reason);
    const details = { as: access.as, visitId: found.visit.id };
    const opened = await openSealedFile(deps, found.attachment.storageKey, fileBinding(found.attachment), tx);
    if (opened === 'unavailable') {
      return refused(new AppError('UNAVAILABLE', 'The file cannot be reached right now. Please try again in a moment.'), { reason: 'store_unavailable', ...details });
    }
    // A 500 for the client and the log; the message names no content.
    if (opened === 'missing' || opened === 'unreadable') {
      return refused(new Error(`an attachment could not be opened (${opened === 'missing' ? 'not in the store' : 'tampered, moved or wrong key'})`), { reason: opened, ...details });
    }
    return { value: { attachment: found.attachment, body: opened }, details };
  });
  return { fileName: openFileName(deps.phiBox, attachment), contentType: attachment.contentType, body };
}

/**
 * DELETE: the visit's therapist removes a file the agency has not been given (`sharedWithAgency`
 * false) while the note is being written (the visit accepts uploads). The row goes in a transaction
 * holding the visit's lock, the lock upload and signing take, so a signature either came first (the
 * file is shared: 409) or comes after, when the file is no longer there to be shared. In PostgreSQL
 * the stored file goes in that transaction; a bucket's is removed after the commit, and a failure
 * there is only logged, since without its row the file can never be served. Anyone but the therapist, including the agency for a shared file, gets the
 * 404 of any other non-party, audited as a refused download is.
 */
export async function deleteAttachment(deps: AttachmentDeps, options: Caller & { attachmentId: string; log: RemovalLog }): Promise<void> {
  const { actor, attachmentId, client } = options;
  const meta = { actorUserId: actor.userId, action: ATTACHMENT_DELETE, entityType: ATTACHMENT_ENTITY, entityId: attachmentId, client };
  const removed = await audited(deps.database, meta, async ({ tx }): Promise<Outcome<AttachmentRow>> => {
    const found = await findAttachmentOfParty(tx, attachmentId, actor.userId);
    const access = canUseDocumentation(actor, found?.visit ?? null, 'therapist');
    if (!access.allowed || !found) return accessRefusal(access.allowed ? 'no_access' : access.reason);
    // Under the lock, each read is a statement of its own and sees what committed before it.
    const visit = await findVisitOfParty(tx, found.visit.id, actor.userId, { lock: true });
    const attachment = visit ? await findAttachmentInVisit(tx, attachmentId, visit.id) : null;
    // Removed by another request while this one waited for the lock.
    if (!visit || !attachment) return accessRefusal('no_access');
    const conflict = (message: string, reason: string) => refused(new AppError('CONFLICT', message), { reason, as: access.as, visitId: visit.id });
    if (attachment.sharedWithAgency) return conflict(ATTACHMENT_SHARED, 'shared');
    if (visit.status !== 'completed') return conflict('Files can be removed while the note is being written.', `visit_${visit.status}`);
    await deleteAttachmentRow(tx, attachment.id);
    if (deps.store.transactional) await deps.store.remove(attachment.storageKey, tx);
    // What was removed, for whoever investigates a wrong file later; never its content or its name (PHI).
    const { contentType, sizeBytes, sha256 } = attachment;
    return { value: attachment, details: { as: access.as, visitId: visit.id, contentType, sizeBytes, sha256 } };
  });
  if (!deps.store.transactional) await removeStoredFile(deps.store, removed.storageKey, { noun: 'attachment', ids: { attachmentId } }, options.log);
}

import { attachmentContentTypes, MAX_ATTACHMENT_BYTES, type AttachmentContentType } from '../../domain/documentation';
import type { PhiBox } from '../crypto/phi-box';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { AttachmentStore } from './attachment-store';
import { checkAttachmentBytes } from './file-type-check';

/**
 * What every uploaded document shares, whoever owns it (a visit's attachments, a therapist's
 * credentials): the checks of an upload, and the sealed bytes in the attachment store, opened with
 * the binding they were sealed to.
 */

export type UploadCheck = { ok: true; contentType: AttachmentContentType } | { ok: false; error: AppError; reason: string };

/** A PDF, PNG or JPEG of at most 10 MB that is, as a whole, what it claims (file-type-check.ts). */
export function checkUpload(contentType: string, body: Buffer): UploadCheck {
  if (!(attachmentContentTypes as readonly string[]).includes(contentType)) {
    return { ok: false, error: new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach a PDF, PNG or JPEG file.'), reason: 'bad_type' };
  }
  const type = contentType as AttachmentContentType;
  if (body.length === 0) return { ok: false, error: new AppError('VALIDATION', 'Choose a file to attach.', { file: 'Choose a file to attach.' }), reason: 'empty' };
  if (body.length > MAX_ATTACHMENT_BYTES) return { ok: false, error: new AppError('PAYLOAD_TOO_LARGE', 'Attachments can be at most 10 MB.'), reason: 'too_large' };
  const checked = checkAttachmentBytes(body, type);
  if (!checked.ok) return { ok: false, error: new AppError('VALIDATION', checked.message, { file: checked.message }), reason: 'bad_content' };
  return { ok: true, contentType: type };
}

export type OpenedFile = Buffer | 'missing' | 'unreadable' | 'unavailable';

/**
 * The decrypted file; 'missing' when the store has nothing under its key, 'unreadable' when it does
 * not open (tampered, truncated, bound elsewhere, wrong key), 'unavailable' when the store cannot
 * be reached.
 */
export async function openSealedFile(deps: { store: AttachmentStore; phiBox: PhiBox }, storageKey: string, binding: string, tx: Db): Promise<OpenedFile> {
  let sealed: Buffer | null;
  try {
    sealed = await deps.store.get(storageKey, tx);
  } catch {
    return 'unavailable';
  }
  if (!sealed) return 'missing';
  try {
    return deps.phiBox.openBytes(sealed, binding);
  } catch {
    return 'unreadable';
  }
}

/** Where a stored file that could not be removed is reported (the request's logger): the user is not told. */
export interface RemovalLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Removes a file whose row is gone (or never committed); a failure is logged by the row's id only, never a name. */
export async function removeStoredFile(
  store: AttachmentStore,
  storageKey: string,
  owner: { noun: string; ids: Record<string, string> },
  log: RemovalLog,
): Promise<void> {
  try {
    await store.remove(storageKey);
  } catch (error) {
    log.warn({ err: error, ...owner.ids }, `a removed ${owner.noun}'s stored file could not be deleted`);
  }
}

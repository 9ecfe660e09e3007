import { eq, isNotNull } from 'drizzle-orm';
import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { runInLockedBatches } from '../db/locked-batches';
import { noteAttachments } from '../db/schema/index';
import { AppError } from '../errors';

/**
 * An attachment's file name is PHI ("Dolores Abernathy knee x-ray.pdf"). It arrives in a request
 * header rather than the URL, because URLs are logged; it is stored sealed with the PHI key, bound
 * to its attachment and visit like the file itself; and it is cleaned so that what is shown and
 * sent back in Content-Disposition cannot pose as another name.
 */

export const FILE_NAME_HEADER = 'x-file-name';
const MAX_FILE_NAME = 200;
// Each character is at most 4 UTF-8 bytes of 3 characters each when percent-encoded.
const MAX_ENCODED = MAX_FILE_NAME * 12;

const fileNameError = (message: string) => new AppError('VALIDATION', message, { fileName: message });

/**
 * The file name sent as percent-encoded UTF-8 (`encodeURIComponent`) in X-File-Name, so any name
 * survives a header, which carries ASCII only. A missing, badly encoded or too long name is a 400
 * naming `fileName`.
 */
export function decodeFileNameHeader(value: string | string[] | undefined): string {
  const missing = `Give the file name in the X-File-Name header (percent-encoded UTF-8).`;
  if (value === undefined || Array.isArray(value)) throw fileNameError(missing);
  const tooLong = `The file name must be at most ${MAX_FILE_NAME} characters.`;
  if (value.length > MAX_ENCODED) throw fileNameError(tooLong);
  let decoded: string;
  try {
    // Anything but printable ASCII means the name was not encoded, and would arrive garbled.
    if (/[^\x20-\x7e]/.test(value)) throw new URIError('not encoded');
    decoded = decodeURIComponent(value).trim();
  } catch {
    throw fileNameError('The file name in X-File-Name must be percent-encoded UTF-8 (as encodeURIComponent does).');
  }
  if (decoded === '') throw fileNameError(missing);
  if ([...decoded].length > MAX_FILE_NAME) throw fileNameError(tooLong);
  return decoded;
}

// Direction overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F,
// U+061C) make "report‮fdp.exe" display as "reportexe.pdf"; line and paragraph separators break
// a name across lines. None belongs in a file name, so they are removed, not replaced.
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A file name safe to store, show and send back in a header: no path, no control or direction characters, no quotes. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const kept = base.replace(INVISIBLE, '').replace(CONTROL, '').replace(/"/g, '_').trim();
  // By code point, so a cut never leaves half a surrogate pair (which encodeURIComponent refuses).
  const cleaned = [...kept].slice(0, MAX_FILE_NAME).join('');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'attachment' : cleaned;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type Binding = { id: string; visitId: string };
const nameBinding = (attachment: Binding) => `note_attachment:${attachment.id}:visit:${attachment.visitId}:file-name`;

export function sealFileName(phiBox: PhiBox, attachment: Binding, fileName: string): string {
  return phiBox.seal(fileName, nameBinding(attachment));
}

/** The stored name in plain text; a row written before names were sealed is read from its legacy column. */
export function openFileName(phiBox: PhiBox, row: Binding & { fileNameSealed: string | null; fileName: string | null }): string {
  if (row.fileNameSealed === null) return cleanFileName(row.fileName ?? '');
  try {
    return phiBox.open(row.fileNameSealed, nameBinding(row));
  } catch {
    throw new Error(`attachment ${row.id}: file name could not be opened (tampered, moved or wrong key)`);
  }
}

/**
 * Seals the names of attachments stored before names were sealed (cleaned as new ones are) and
 * clears the plain column: run once at start-up, in batches (see runInLockedBatches), so a second
 * run or instance finds nothing to do. The migration could not do it: it runs without the PHI key.
 */
export function sealLegacyFileNames(database: Database, phiBox: PhiBox): Promise<number> {
  return runInLockedBatches(
    database,
    200,
    (tx, limit) =>
      tx
        .select({ id: noteAttachments.id, visitId: noteAttachments.visitId, fileName: noteAttachments.fileName, fileNameSealed: noteAttachments.fileNameSealed })
        .from(noteAttachments)
        .where(isNotNull(noteAttachments.fileName))
        .limit(limit)
        .for('update', { skipLocked: true }),
    async (tx, row) => {
      const fileNameSealed = row.fileNameSealed ?? sealFileName(phiBox, row, cleanFileName(row.fileName ?? ''));
      await tx.update(noteAttachments).set({ fileName: null, fileNameSealed }).where(eq(noteAttachments.id, row.id));
    },
  );
}

import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { withVisit } from '../documentation/access';
import { listNoteRows } from '../documentation/queries';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { findVisitOfParty } from '../visits/queries';
import { renderNotePdf } from './note-pdf';
import { buildNoteRecord, signedRows } from './note-records';

/**
 * Records that leave the platform for the agency's chart and EHR. Each export is a read of PHI and
 * runs in the audited frame of what it reads (documentation/access.ts for a note), so the export, or
 * the refusal, is on record with who, which record and from where, never with the content.
 */

export const NOTE_PDF_EXPORT = 'visit_note.export_pdf';
export const NO_SIGNED_NOTE = 'No signed note found.';

export interface RecordsDeps {
  database: Database;
  phiBox: PhiBox;
}

export interface NotePdf {
  body: Buffer;
  fileName: string;
}

/** One signed version of a visit's note as a PDF, for the visit's agency or therapist at aal2; 404 for anyone else. */
export function exportNotePdf(deps: RecordsDeps, options: Caller & { visitId: string; noteId: string }): Promise<NotePdf> {
  const { actor, client, visitId, noteId } = options;
  return withVisit(deps.database, { actor, client, visitId, action: NOTE_PDF_EXPORT, need: 'either' }, async ({ t, done, refuse }) => {
    const row = signedRows(await listNoteRows(t.tx, visitId)).find((candidate) => candidate.id === noteId);
    const visit = row ? await findVisitOfParty(t.tx, visitId, actor.userId) : null;
    if (!row || !visit) return refuse(new AppError('NOT_FOUND', NO_SIGNED_NOTE), 'no_signed_note');
    const record = buildNoteRecord(deps.phiBox, visit, row);
    const body = await renderNotePdf(record);
    // The file's name is the reference and version only: a download's name lands in browser histories.
    const fileName = `note-R-${visit.referenceNumber}-v${row.version}.pdf`;
    return done({ body, fileName }, { noteId: row.id, version: row.version });
  });
}

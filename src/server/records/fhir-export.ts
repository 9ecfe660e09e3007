import type { Bundle } from '@medplum/fhirtypes';
import { audited, refused } from '../audit/audited-use-case';
import type { Transaction } from '../db/client';
import { listNoteRows } from '../documentation/queries';
import { AppError } from '../errors';
import { readPatientWithin } from '../patients/service';
import type { Caller } from '../use-case';
import { listVisitsOfReferral, type VisitWithNames } from '../visits/queries';
import { buildReferralBundle, type ExportNote } from './fhir-bundle';
import { renderNotePdf } from './note-pdf';
import { buildNoteRecord, signedRows } from './note-records';
import { canExportReferral } from './policy';
import { findReferralOfAgency, practitionersOf, referralOrderLines } from './queries';
import type { RecordsDeps } from './service';

export const REFERRAL_FHIR_EXPORT = 'referral.export_fhir';
export const REFERRAL_ENTITY = 'referral';
export const NO_REFERRAL = 'No such referral.';

/** Every signed version of each visit's note, as the PDF the agency downloads, newest signed per visit in force. */
async function signedNotes(deps: RecordsDeps, t: Transaction, visits: VisitWithNames[]): Promise<ExportNote[]> {
  const notes: ExportNote[] = [];
  for (const visit of visits) {
    // Newest version first (listNoteRows), so the first signed one is the version in force.
    const rows = signedRows(await listNoteRows(t.tx, visit.id));
    for (const [index, row] of rows.entries()) {
      const record = buildNoteRecord(deps.phiBox, visit, row);
      notes.push({ record, visitId: visit.id, therapistId: visit.therapistId, pdf: await renderNotePdf(record), current: index === 0 });
    }
  }
  return notes;
}

/**
 * A referral as one FHIR R4 Bundle for the agency's EHR (fhir-bundle.ts): only its agency; the
 * patient and the notes at aal2 only (policy.ts). One audited PHI export: the export's row names
 * what went out (ids and counts), and the patient's read is audited as every patient read is.
 */
export function exportReferralFhir(deps: RecordsDeps, options: Caller & { referralId: string }): Promise<Bundle> {
  const { actor, client, referralId } = options;
  const meta = { actorUserId: actor.userId, action: REFERRAL_FHIR_EXPORT, entityType: REFERRAL_ENTITY, entityId: referralId, client };
  return audited(deps.database, meta, async (t) => {
    const referral = await findReferralOfAgency(t.tx, referralId, actor.userId);
    const access = canExportReferral(actor, referral);
    if (!access.allowed || !referral) return refused(new AppError('NOT_FOUND', NO_REFERRAL), { reason: 'no_access' });
    const visits = await listVisitsOfReferral(t.tx, referral.id, actor.userId);
    const therapistIds = [...new Set([referral.matchedTherapistId, ...visits.map((visit) => visit.therapistId)].filter((id): id is string => id !== null))];
    let patient = null;
    let notes: ExportNote[] = [];
    if (access.withPhi) {
      const read = await readPatientWithin(t.tx, deps, { actor, client, referralId: referral.id });
      patient = 'patient' in read ? read.patient : null;
      notes = await signedNotes(deps, t, visits);
    }
    const bundle = buildReferralBundle({
      referral,
      orderLines: await referralOrderLines(t.tx, referral.id),
      practitioners: await practitionersOf(t.tx, therapistIds),
      visits,
      patient,
      notes,
      now: new Date(),
    });
    return {
      value: bundle,
      details: { withPatient: patient !== null, visits: visits.length, noteIds: notes.map((note) => note.record.noteId), aal: actor.aal },
    };
  });
}

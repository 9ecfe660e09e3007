import type { Bundle } from '@medplum/fhirtypes';
import { audited, refused } from '../audit/audited-use-case';
import type { Transaction } from '../db/client';
import { listNoteRows } from '../documentation/queries';
import { AppError } from '../errors';
import { readPatientWithin } from '../patients/service';
import type { Caller } from '../use-case';
import { listVisitsOfReferral, type VisitWithNames } from '../visits/queries';
import { openAttestation } from '../visits/attestation';
import { buildReferralBundle, type ExportAttestation, type ExportNote } from './fhir-bundle';
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
      notes.push({ record, visitId: visit.id, therapistId: visit.therapistId, pdf: await renderNotePdf(record), current: index === 0, coSignerId: row.coSignedBy });
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
    let patient = null;
    let notes: ExportNote[] = [];
    let attestations: ExportAttestation[] = [];
    if (access.withPhi) {
      const read = await readPatientWithin(t.tx, deps, { actor, client, referralId: referral.id });
      patient = 'patient' in read ? read.patient : null;
      notes = await signedNotes(deps, t, visits);
      // The signer of an attestation is the patient or their caregiver: only where the patient is in the bundle.
      if (patient) {
        attestations = visits.flatMap((visit) => {
          const attestation = openAttestation(deps.phiBox, visit);
          return attestation ? [{ visitId: visit.id, attestation }] : [];
        });
      }
    }
    // Every therapist named: the matched one, each visit's, and each supervising therapist who co-signed a note.
    const therapistIds = [
      ...new Set([referral.matchedTherapistId, ...visits.map((visit) => visit.therapistId), ...notes.map((note) => note.coSignerId)].filter((id): id is string => id !== null)),
    ];
    const bundle = buildReferralBundle({
      referral,
      orderLines: await referralOrderLines(t.tx, referral.id),
      practitioners: await practitionersOf(t.tx, therapistIds),
      visits,
      patient,
      notes,
      attestations,
      now: new Date(),
    });
    return {
      value: bundle,
      details: {
        withPatient: patient !== null,
        visits: visits.length,
        noteIds: notes.map((note) => note.record.noteId),
        coSignatures: notes.filter((note) => note.record.coSignature !== null).length,
        attestations: attestations.length,
        aal: actor.aal,
      },
    };
  });
}

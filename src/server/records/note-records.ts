import { noteSections, NO_ATTESTATION, type NoteRecord, type RecordReading } from '../../domain/note-record';
import { patientTimeZone } from '../../domain/patient-time-zone';
import { referralLabel } from '../../domain/referral-reference';
import { visitExceptionLabels, visitExceptions, type VisitException } from '../../domain/visits';
import type { PhiBox } from '../crypto/phi-box';
import type { NoteRow } from '../documentation/queries';
import { presentNote } from '../documentation/service';
import type { VisitWithNames } from '../visits/queries';
import { openReasons } from '../visits/reasons';
import { openAttestation } from '../visits/attestation';
import { attestationText } from '../../domain/visit-attestation';
import { formatAt } from './record-time';

/** A note's record is in the patient's zone; a state outside the table falls back to UTC, named as such on the record. */
const FALLBACK_ZONE = 'UTC';

const reading = (at: Date | null, latitude: number | null, longitude: number | null, accuracyMeters: number | null): RecordReading | null =>
  at ? { at: at.toISOString(), latitude, longitude, accuracyMeters } : null;

const exceptionLabel = (code: string) =>
  (visitExceptions as readonly string[]).includes(code) ? visitExceptionLabels[code as VisitException] : code;

/** The versions a chart may hold: signed ones (returned and superseded versions were signed too; drafts never). */
export const signedRows = (rows: NoteRow[]): (NoteRow & { signedAt: Date; signedName: string })[] =>
  rows.filter((row): row is NoteRow & { signedAt: Date; signedName: string } => row.signedAt !== null && row.signedName !== null);

/**
 * The record of one signed version of a visit's note: its content through the same presenter as the
 * note screen (documentation/service.ts presentNote), the visit's verification as stored, and the
 * signature with the supervising therapist's co-signature where there is one and the check-out
 * attestation (or NO_ATTESTATION when none was taken).
 */
export function buildNoteRecord(phiBox: PhiBox, visit: VisitWithNames, row: NoteRow & { signedAt: Date; signedName: string }): NoteRecord {
  const note = presentNote({ phiBox }, row);
  const { exceptionReason } = openReasons(phiBox, visit);
  const timeZone = patientTimeZone(visit.placeState) ?? FALLBACK_ZONE;
  const attested = openAttestation(phiBox, visit);
  return {
    noteId: note.id,
    version: note.version,
    title: `${visit.serviceName} note`,
    referenceLabel: referralLabel({ referenceNumber: visit.referenceNumber, city: visit.placeCity, state: visit.placeState }),
    agencyName: visit.agencyName,
    therapistName: visit.therapistName,
    discipline: visit.therapistDiscipline,
    timeZone,
    visit: {
      id: visit.id,
      scheduledStart: visit.scheduledStart.toISOString(),
      durationMinutes: visit.durationMinutes,
      checkIn: reading(visit.checkInAt, visit.checkInLatitude, visit.checkInLongitude, visit.checkInAccuracyMeters),
      checkOut: reading(visit.checkOutAt, visit.checkOutLatitude, visit.checkOutLongitude, visit.checkOutAccuracyMeters),
      exceptions: visit.exceptions.map(exceptionLabel),
      exceptionReason,
    },
    sections: noteSections(note.content),
    signature: { signedName: row.signedName, signedAt: row.signedAt.toISOString(), contentHash: row.contentHash, status: row.status },
    coSignature:
      row.coSignedAt && row.coSignedName ? { signedName: row.coSignedName, signedAt: row.coSignedAt.toISOString(), hash: row.coSignatureHash } : null,
    attestation: attested ? `${attestationText(attested)} at ${formatAt(attested.at, timeZone)}` : NO_ATTESTATION,
    attestationStrokes: attested?.kind === 'signature' ? attested.strokes : null,
  };
}

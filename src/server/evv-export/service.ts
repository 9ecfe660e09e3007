import type { EvvExportQuery } from '../../domain/evv-export';
import { addDaysToKey, dateKeyIn, DEFAULT_TIME_ZONE, startOfDayIn } from '../../domain/time-zones';
import type { AttestationView } from '../../domain/visit-attestation';
import { visitExceptionLabels, type VisitException } from '../../domain/visits';
import { audited, refused } from '../audit/audited-use-case';
import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { openPatient } from '../patients/service';
import type { Caller } from '../use-case';
import { openAttestation } from '../visits/attestation';
import { openReasons } from '../visits/reasons';
import type { EvvExportRow } from './columns';
import { EVV_EXPORT_MAX_VISITS, findEvvVisits, type EvvVisitRow } from './queries';

export const EVV_EXPORTED = 'evv.exported';
export const EVV_EXPORT_ENTITY = 'evv_export';
export const EVV_TOO_MANY = `More than ${EVV_EXPORT_MAX_VISITS.toLocaleString('en-US')} visits in this range. Choose a shorter range.`;

export interface EvvExportDeps {
  database: Database;
  phiBox: PhiBox;
}

/**
 * The agency's EVV export: every visit it had checked in on the days asked, with the patient and
 * the therapist's reasons opened (PHI: the route needs aal2). One audit row records the export —
 * the range, the format, how many visits and patients it held — in the transaction that read them;
 * a refused export (too many visits) is audited too.
 */
export async function exportEvv(deps: EvvExportDeps, options: Caller & { query: EvvExportQuery }): Promise<EvvExportRow[]> {
  const { actor, client, query } = options;
  const meta = { actorUserId: actor.userId, action: EVV_EXPORTED, entityType: EVV_EXPORT_ENTITY, entityId: undefined, client };
  const range = { from: query.from, to: query.to, format: query.format };
  return audited(deps.database, meta, async (t) => {
    // Days on the agency's own calendar, as its schedule shows them (a visit at 7 pm in Texas is that day's).
    const zone = actor.timeZone ?? DEFAULT_TIME_ZONE;
    const from = startOfDayIn(query.from, zone);
    const until = startOfDayIn(addDaysToKey(query.to, 1), zone);
    const found = await findEvvVisits(t.tx, { agencyId: actor.userId, from, until });
    if (found.length > EVV_EXPORT_MAX_VISITS) {
      return refused(new AppError('VALIDATION', EVV_TOO_MANY, { from: EVV_TOO_MANY }), { ...range, reason: 'too_many' });
    }
    const rows = found.map((visit) => rowOf(deps.phiBox, zone, visit));
    const patientsRead = new Set(found.filter((visit) => visit.patientSealed !== null).map((visit) => visit.referralId));
    const unreadable = rows.filter((row, index) => found[index]?.patientSealed !== null && row.patient_last_name === null).length;
    const unreadableAttestations = rows.filter((row, index) => found[index]?.attestationSealed !== null && row.attestation === null).length;
    return {
      value: rows,
      details: {
        ...range,
        visits: rows.length,
        patients: patientsRead.size,
        ...(unreadable > 0 ? { unreadablePatients: unreadable } : {}),
        ...(unreadableAttestations > 0 ? { unreadableAttestations } : {}),
      },
    };
  });
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The attestation's columns: what was attested, by whom and when, never the drawn strokes. */
function attestationColumns(phiBox: PhiBox, visit: EvvVisitRow) {
  let view: AttestationView | null = null;
  try {
    view = openAttestation(phiBox, visit);
  } catch {
    // Unreadable (tampered, moved): left empty like an unreadable patient, and counted in the audit row.
  }
  return {
    attestation: view?.kind ?? null,
    attestation_signer: view?.kind === 'signature' ? view.signer : null,
    attestation_signer_name: view?.kind === 'signature' ? view.signerName : null,
    attestation_unable_reason: view?.kind === 'unable' ? view.unableReason : null,
    attestation_note: view?.kind === 'unable' ? view.reason : null,
    attestation_time: view?.at ?? null,
  };
}

/** One visit as the export's columns (whitelisted: only these leave). */
function rowOf(phiBox: PhiBox, zone: string, visit: EvvVisitRow): EvvExportRow {
  // An unreadable record (tampered, moved) leaves the patient's columns empty rather than failing
  // the whole export; the audit row counts it.
  const patient = visit.patientSealed ? openPatient(phiBox, visit.patientSealed, visit.referralId) : null;
  const exceptions = visit.exceptions as VisitException[];
  return {
    visit_id: visit.id,
    service_type: visit.serviceId,
    service_name: visit.serviceName,
    visit_type: visit.visitType,
    discipline: visit.therapistDiscipline,
    patient_id: visit.referralId,
    patient_first_name: patient?.firstName ?? null,
    patient_last_name: patient?.lastName ?? null,
    patient_date_of_birth: patient?.dateOfBirth ?? null,
    provider_first_name: visit.therapistFirstName,
    provider_last_name: visit.therapistLastName,
    provider_npi: visit.therapistNpi,
    service_date: visit.checkInAt ? dateKeyIn(visit.checkInAt, zone) : null,
    time_zone: zone,
    service_address: patient?.addressLine ?? null,
    service_city: patient?.city ?? null,
    service_state: patient?.state ?? null,
    service_zip: patient?.zip ?? null,
    check_in_latitude: visit.checkInLatitude,
    check_in_longitude: visit.checkInLongitude,
    check_in_accuracy_meters: visit.checkInAccuracyMeters,
    check_out_latitude: visit.checkOutLatitude,
    check_out_longitude: visit.checkOutLongitude,
    check_out_accuracy_meters: visit.checkOutAccuracyMeters,
    start_time: iso(visit.checkInAt),
    end_time: iso(visit.checkOutAt),
    scheduled_start: iso(visit.scheduledStart),
    planned_minutes: visit.durationMinutes,
    visit_status: visit.status,
    exceptions: exceptions.length > 0 ? exceptions.join(';') : null,
    exception_descriptions: exceptions.length > 0 ? exceptions.map((code) => visitExceptionLabels[code] ?? code).join(';') : null,
    exception_reasons: openReasons(phiBox, visit).exceptionReason,
    ...attestationColumns(phiBox, visit),
    note_co_signer_name: visit.coSignedName,
    note_co_signed_at: iso(visit.coSignedAt),
  };
}

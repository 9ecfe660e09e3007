import { visitExceptions } from '../../domain/visits';
import { attestationUnableReasons } from '../../domain/visit-attestation';

/**
 * The EVV export's columns, in order: the one list the CSV header, the JSON keys, the OpenAPI
 * description and docs/evv-export.md follow. The first group is the six elements the 21st Century
 * Cures Act (section 12006) asks of electronic visit verification; then the exceptions and the
 * therapist's reasons a state aggregator reviews, the patient's or caregiver's attestation at
 * check-out (its kind, signer and time: never the drawn signature) and the supervising therapist's
 * co-signature of an assistant's note.
 */
export const evvExportColumns = [
  { key: 'visit_id', description: 'CareRelay visit id (UUID), stable across exports' },
  { key: 'service_type', description: 'Cures element 1, type of service: the billable service code (evaluation, treatment, progress_report, discharge)' },
  { key: 'service_name', description: 'The service as named on the rate sheet' },
  { key: 'visit_type', description: 'What the visit counts as on the plan of care (evaluation, routine, reassessment, supervisory, discharge)' },
  { key: 'discipline', description: 'The discipline the visit was done as (PT, PTA, OT, COTA, ST)' },
  { key: 'patient_id', description: 'Cures element 2, individual receiving the service: the patient record id (the referral id the agency’s patient record is kept under)' },
  { key: 'patient_first_name', description: 'The patient’s first name as the agency entered it; empty when no details were saved' },
  { key: 'patient_last_name', description: 'The patient’s last name as the agency entered it; empty when no details were saved' },
  { key: 'patient_date_of_birth', description: 'The patient’s date of birth (YYYY-MM-DD)' },
  { key: 'provider_first_name', description: 'Cures element 3, individual providing the service: the therapist’s first name' },
  { key: 'provider_last_name', description: 'The therapist’s last name' },
  { key: 'provider_npi', description: 'The therapist’s 10-digit NPI as given at onboarding' },
  { key: 'service_date', description: 'Cures element 4, date of service: the check-in date (YYYY-MM-DD) in the agency’s time zone' },
  { key: 'time_zone', description: 'The agency’s time zone (IANA name) that service_date and the from/to days are read in' },
  { key: 'service_address', description: 'Cures element 5, location: the patient’s street address where the visit was scheduled' },
  { key: 'service_city', description: 'The service address’s city' },
  { key: 'service_state', description: 'The service address’s state (2 letters)' },
  { key: 'service_zip', description: 'The service address’s ZIP code' },
  { key: 'check_in_latitude', description: 'Location reading at check-in (WGS 84 degrees); empty when none was available' },
  { key: 'check_in_longitude', description: 'Location reading at check-in (WGS 84 degrees)' },
  { key: 'check_in_accuracy_meters', description: 'The device’s stated accuracy of the check-in reading, in metres' },
  { key: 'check_out_latitude', description: 'Location reading at check-out (WGS 84 degrees); empty when none was available or not checked out' },
  { key: 'check_out_longitude', description: 'Location reading at check-out (WGS 84 degrees)' },
  { key: 'check_out_accuracy_meters', description: 'The device’s stated accuracy of the check-out reading, in metres' },
  { key: 'start_time', description: 'Cures element 6, time the service begins: check-in, ISO 8601 UTC' },
  { key: 'end_time', description: 'Time the service ends: check-out, ISO 8601 UTC; empty while the visit is in progress' },
  { key: 'scheduled_start', description: 'When the visit was scheduled to start, ISO 8601 UTC' },
  { key: 'planned_minutes', description: 'The planned length of the visit in minutes' },
  { key: 'visit_status', description: 'The visit’s status now (in_progress, completed, documented, approved, paid)' },
  { key: 'exceptions', description: `Exception codes found at check-in or check-out, separated by ";" (${visitExceptions.join(', ')}); empty when none` },
  { key: 'exception_descriptions', description: 'The same exceptions in words, separated by ";"' },
  {
    key: 'exception_reasons',
    description: 'The therapist’s reasons for the exceptions, one per line, each prefixed "Check-in:" or "Check-out:" (for no_attestation, the reason recorded with it)',
  },
  {
    key: 'attestation',
    description:
      'The patient’s or caregiver’s attestation at check-out: signature (they signed on the therapist’s device; the drawn signature itself is not exported) or unable (no signature could be obtained); empty when none was taken',
  },
  { key: 'attestation_signer', description: 'Who signed: patient or caregiver; empty unless attestation is signature' },
  { key: 'attestation_signer_name', description: 'The signer’s name as typed at check-out; empty when not given' },
  {
    key: 'attestation_unable_reason',
    description: `Why no signature could be obtained (${attestationUnableReasons.join(', ')}); empty unless attestation is unable`,
  },
  { key: 'attestation_note', description: 'The therapist’s note on why no signature could be obtained; empty when none' },
  { key: 'attestation_time', description: 'When the attestation was taken (at check-out), ISO 8601 UTC' },
  {
    key: 'note_co_signer_name',
    description: 'Where the visit’s latest signed note is an assistant’s (PTA’s or COTA’s) note co-signed by the supervising PT or OT: the co-signer’s name as typed; empty otherwise',
  },
  { key: 'note_co_signed_at', description: 'When that note was co-signed, ISO 8601 UTC' },
] as const;

export type EvvExportColumn = (typeof evvExportColumns)[number]['key'];
/** One visit of the export: every column, a string or empty (null). */
export type EvvExportRow = Record<EvvExportColumn, string | number | null>;

/** The column list as Markdown, for the OpenAPI description. */
export function evvColumnsMarkdown(): string {
  return evvExportColumns.map((column) => `- \`${column.key}\`: ${column.description}`).join('\n');
}

import { randomUUID } from 'node:crypto';
import type {
  Appointment,
  Bundle,
  BundleEntry,
  DocumentReference,
  Encounter,
  Patient,
  Practitioner,
  Provenance,
  Reference,
  RelatedPerson,
  Resource,
  ServiceRequest,
} from '@medplum/fhirtypes';
import type { NoteRecord } from '../../domain/note-record';
import type { AttestationView } from '../../domain/visit-attestation';
import type { StoredPatient } from '../../domain/patients';
import { formatReference } from '../../domain/referral-reference';
import { describeVisitFrequency, parseVisitFrequency } from '../../domain/visit-frequency';
import type { VisitWithNames } from '../visits/queries';
import type { ExportPractitioner, ExportReferral } from './queries';

/**
 * A referral as one FHIR R4 Bundle (type collection) for the agency's EHR. Pure: the service loads
 * and authorizes, this maps. Entries reference each other by `urn:uuid:` full URLs; the patient is
 * an entry only when the caller may read them (aal2), otherwise every reference to them is the
 * referral's reference number as an identifier, which the agency's EHR already holds.
 */

/** Our identifier systems: URNs, since the platform publishes no FHIR base of its own. */
export const REFERRAL_SYSTEM = 'urn:carerelay:referral';
export const VISIT_SYSTEM = 'urn:carerelay:visit';
export const NOTE_SYSTEM = 'urn:carerelay:visit-note';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';

export interface ExportNote {
  record: NoteRecord;
  visitId: string;
  therapistId: string;
  pdf: Buffer;
  /** The version in force (the newest signed one); older signed versions are superseded. */
  current: boolean;
  /** The supervising therapist who co-signed this version (record.coSignature says when); null when not co-signed. */
  coSignerId: string | null;
}

/** A visit's check-out attestation, opened (only at aal2, with the patient in the bundle). */
export interface ExportAttestation {
  visitId: string;
  attestation: AttestationView;
}

export interface FhirExportInput {
  referral: ExportReferral;
  orderLines: { serviceId: string; serviceName: string; visitCount: number }[];
  practitioners: ExportPractitioner[];
  visits: VisitWithNames[];
  /** Null when the caller may not read the patient (below aal2) or none was added. */
  patient: StoredPatient | null;
  notes: ExportNote[];
  attestations: ExportAttestation[];
  now: Date;
}

const referralStatus: Record<ExportReferral['status'], ServiceRequest['status']> = {
  draft: 'draft',
  posted: 'active',
  matched: 'active',
  in_progress: 'active',
  completed: 'completed',
  cancelled: 'revoked',
  expired: 'revoked',
};

const appointmentStatus: Record<VisitWithNames['status'], Appointment['status']> = {
  scheduled: 'booked',
  in_progress: 'arrived',
  completed: 'fulfilled',
  documented: 'fulfilled',
  approved: 'fulfilled',
  paid: 'fulfilled',
  missed: 'noshow',
  cancelled: 'cancelled',
};

// HL7 v3 ActCode "HH": the encounter took place in the patient's home.
const HOME_HEALTH = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'HH', display: 'home health' };
const AUTHOR_SIGNATURE = { system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.1', display: 'Author’s Signature' };
const AUTHOR_ROLE = { system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'author', display: 'Author' };
// The supervising PT's or OT's co-signature of an assistant's note: a countersignature verifying it (ISO/ASTM E1762 "Verification Signature").
const VERIFICATION_SIGNATURE = { system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.5', display: 'Verification Signature' };
const VERIFIER_ROLE = { system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'verifier', display: 'Verifier' };
// The patient's or caregiver's signature at check-out attests that the visit took place (E1762 "Event Witness Signature").
const EVENT_WITNESS_SIGNATURE = { system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.9', display: 'Event Witness Signature' };
const ATTESTER_ROLE = { system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'attester', display: 'Attester' };

const urn = () => `urn:uuid:${randomUUID()}`;

function frequencyText(text: string): string {
  const parsed = parseVisitFrequency(text);
  return 'error' in parsed ? text : `${text} (${describeVisitFrequency(parsed)})`;
}

function patientResource(referralIdentifier: { system: string; value: string }, patient: StoredPatient): Patient {
  return {
    resourceType: 'Patient',
    identifier: [referralIdentifier],
    name: [{ family: patient.lastName, given: [patient.firstName] }],
    birthDate: patient.dateOfBirth,
    telecom: [{ system: 'phone', value: patient.phone, use: 'home' }],
    address: [{ use: 'home', line: [patient.addressLine], city: patient.city, state: patient.state, postalCode: patient.zip }],
    contact: [{ name: { text: patient.emergencyContactName }, telecom: [{ system: 'phone', value: patient.emergencyContactPhone }] }],
  };
}

function practitionerResource(practitioner: ExportPractitioner): Practitioner {
  return {
    resourceType: 'Practitioner',
    ...(practitioner.npi ? { identifier: [{ system: NPI_SYSTEM, value: practitioner.npi }] } : {}),
    name: [{ family: practitioner.lastName, given: [practitioner.firstName] }],
  };
}

/** Builds the bundle; every resource in it is meant to validate against the base R4 definitions (records tests check). */
export function buildReferralBundle(input: FhirExportInput): Bundle {
  const { referral, patient } = input;
  const entries: BundleEntry[] = [];
  const add = <T extends Resource>(resource: T): Reference<T> => {
    const fullUrl = urn();
    entries.push({ fullUrl, resource });
    return { reference: fullUrl };
  };
  const referralIdentifier = { system: REFERRAL_SYSTEM, value: formatReference(referral.referenceNumber) };
  const subject: Reference<Patient> = patient ? add(patientResource(referralIdentifier, patient)) : { identifier: referralIdentifier };

  const practitionerRefs = new Map(input.practitioners.map((practitioner) => [practitioner.id, add(practitionerResource(practitioner))]));
  const performer = referral.matchedTherapistId ? practitionerRefs.get(referral.matchedTherapistId) : undefined;

  const serviceRequest = add<ServiceRequest>({
    resourceType: 'ServiceRequest',
    identifier: [referralIdentifier],
    status: referralStatus[referral.status],
    intent: 'order',
    code: { text: `${referral.discipline} home health services` },
    orderDetail: input.orderLines.map((line) => ({ text: `${line.serviceName}: ${line.visitCount} visit${line.visitCount === 1 ? '' : 's'}` })),
    subject,
    occurrenceTiming: {
      code: { text: frequencyText(referral.visitFrequency) },
      repeat: { boundsPeriod: { start: referral.orderedStartOfCare ?? referral.startBy } },
    },
    authoredOn: (referral.postedAt ?? referral.createdAt).toISOString(),
    requester: { display: referral.agencyName },
    ...(performer ? { performer: [performer] } : {}),
    ...(patient
      ? { reasonCode: [{ coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: patient.diagnosisCode, display: patient.diagnosisDescription }] }] }
      : {}),
    note: [{ text: referral.clinicalSummary }],
  } satisfies ServiceRequest);

  const encounters = new Map<string, Reference<Encounter>>();
  for (const visit of input.visits) {
    const practitioner = practitionerRefs.get(visit.therapistId);
    const visitIdentifier = [{ system: VISIT_SYSTEM, value: visit.id }];
    const appointment = add<Appointment>({
      resourceType: 'Appointment',
      identifier: visitIdentifier,
      status: appointmentStatus[visit.status],
      serviceType: [{ text: visit.serviceName }],
      start: visit.scheduledStart.toISOString(),
      end: new Date(visit.scheduledStart.getTime() + visit.durationMinutes * 60_000).toISOString(),
      minutesDuration: visit.durationMinutes,
      basedOn: [serviceRequest],
      participant: [
        ...(practitioner ? [{ actor: practitioner, status: 'accepted' as const }] : []),
        { actor: subject, status: 'accepted' as const },
      ],
    } satisfies Appointment);
    // An encounter is what happened at the patient's home: only a visit that was checked in had one.
    if (!visit.checkInAt) continue;
    encounters.set(
      visit.id,
      add<Encounter>({
        resourceType: 'Encounter',
        identifier: visitIdentifier,
        status: visit.checkOutAt ? 'finished' : 'in-progress',
        class: HOME_HEALTH,
        type: [{ text: visit.serviceName }],
        subject,
        basedOn: [serviceRequest],
        appointment: [appointment],
        ...(practitioner ? { participant: [{ individual: practitioner }] } : {}),
        period: { start: visit.checkInAt.toISOString(), ...(visit.checkOutAt ? { end: visit.checkOutAt.toISOString() } : {}) },
      } satisfies Encounter),
    );
  }

  for (const note of input.notes) {
    const { record } = note;
    const author = practitionerRefs.get(note.therapistId);
    const encounter = encounters.get(note.visitId);
    const document = add<DocumentReference>({
      resourceType: 'DocumentReference',
      identifier: [{ system: NOTE_SYSTEM, value: record.noteId }],
      status: note.current ? 'current' : 'superseded',
      docStatus: 'final',
      type: { text: record.title },
      subject,
      date: record.signature.signedAt,
      ...(author ? { author: [author], authenticator: author } : {}),
      description: `${record.title}, version ${record.version}`,
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            data: note.pdf.toString('base64'),
            size: note.pdf.length,
            title: `${record.title}, ${record.referenceLabel}, version ${record.version}`,
            creation: record.signature.signedAt,
          },
        },
      ],
      context: { ...(encounter ? { encounter: [encounter] } : {}), related: [serviceRequest] },
    } satisfies DocumentReference);
    if (author) {
      add<Provenance>({
        resourceType: 'Provenance',
        target: [document],
        recorded: record.signature.signedAt,
        agent: [{ type: { coding: [AUTHOR_ROLE] }, who: author }],
        signature: [{ type: [AUTHOR_SIGNATURE], when: record.signature.signedAt, who: author }],
      } satisfies Provenance);
    }
    const coSigner = note.coSignerId ? practitionerRefs.get(note.coSignerId) : undefined;
    if (record.coSignature && coSigner) {
      add<Provenance>({
        resourceType: 'Provenance',
        target: [document],
        recorded: record.coSignature.signedAt,
        activity: { text: 'Co-signature of an assistant’s note by the supervising therapist' },
        agent: [{ type: { coding: [VERIFIER_ROLE] }, who: coSigner }],
        signature: [{ type: [VERIFICATION_SIGNATURE], when: record.coSignature.signedAt, who: coSigner }],
      } satisfies Provenance);
    }
  }

  // A drawn signature at check-out, on the visit's Encounter. Only with the patient in the bundle
  // (aal2): the signer is the Patient, or a RelatedPerson of theirs for a caregiver. "Could not be
  // obtained" has no signer, so no Provenance: its reason is on the note's PDF.
  const patientRef = patient ? subject : undefined;
  for (const { visitId, attestation } of input.attestations) {
    const encounter = encounters.get(visitId);
    if (!patientRef || !encounter || attestation.kind !== 'signature') continue;
    const signer: Reference<Patient | RelatedPerson> =
      attestation.signer === 'patient'
        ? patientRef
        : add<RelatedPerson>({
            resourceType: 'RelatedPerson',
            patient: patientRef,
            relationship: [{ text: 'Caregiver' }],
            ...(attestation.signerName ? { name: [{ text: attestation.signerName }] } : {}),
          } satisfies RelatedPerson);
    add<Provenance>({
      resourceType: 'Provenance',
      target: [encounter],
      recorded: attestation.at,
      activity: { text: `Check-out attestation: signed by the ${attestation.signer}` },
      agent: [{ type: { coding: [ATTESTER_ROLE] }, who: signer }],
      signature: [{ type: [EVENT_WITNESS_SIGNATURE], when: attestation.at, who: signer }],
    } satisfies Provenance);
  }

  return { resourceType: 'Bundle', identifier: { system: REFERRAL_SYSTEM, value: formatReference(referral.referenceNumber) }, type: 'collection', timestamp: input.now.toISOString(), entry: entries };
}

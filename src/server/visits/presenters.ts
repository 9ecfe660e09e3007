import { serviceTypes } from '../../domain/accounts';
import { greatCircleMiles, type GeoPoint } from '../../domain/geo';
import { patientTimeZone } from '../../domain/patient-time-zone';
import { patientShortName, referralLabel } from '../../domain/referral-reference';
import type { Urgency } from '../../domain/referrals';
import { describeVisitFrequency, parseVisitFrequency } from '../../domain/visit-frequency';
import { visitExceptions, type VisitDetail, type VisitException, type VisitPatient, type VisitReferral, type VisitSummary } from '../../domain/visits';
import type { StoredPatient } from '../../domain/patients';
import type { PhiBox } from '../crypto/phi-box';
import { locateZip } from '../geo/zip-centroids';
import type { PatientWithheld } from '../patients/service';
import type { VisitWithNames } from './queries';
import { openReasons } from './reasons';
import { openAttestation } from './attestation';

/** Whitelisted views of a visit: summaries carry no readings and no free-text reasons. */

const exceptionsOf = (codes: string[]): VisitException[] => codes.filter((code): code is VisitException => (visitExceptions as readonly string[]).includes(code));
const serviceOrder = (id: string) => serviceTypes.findIndex((service) => service.id === id);

/**
 * A visit in a list. `patientShortName` only where the caller may read the patient at aal2
 * (patients/short-names.ts, audited); otherwise the label shows the referral's place.
 */
export function presentVisitSummary(visit: VisitWithNames, patientShortName?: string): VisitSummary {
  return {
    id: visit.id,
    referralId: visit.referralId,
    serviceId: visit.serviceId,
    serviceName: visit.serviceName,
    visitType: visit.visitType,
    status: visit.status,
    scheduledStart: visit.scheduledStart.toISOString(),
    durationMinutes: visit.durationMinutes,
    therapistName: visit.therapistName,
    agencyName: visit.agencyName,
    place: visit.place,
    patientTimeZone: patientTimeZone(visit.placeState),
    referenceNumber: visit.referenceNumber,
    referenceLabel: referralLabel({ referenceNumber: visit.referenceNumber, city: visit.placeCity, state: visit.placeState, patientShortName }),
    exceptions: exceptionsOf(visit.exceptions),
  };
}

/** Only what the point of care needs of the patient: who, where, and how to call. */
function presentPatient(read: { patient: StoredPatient } | { withheld: PatientWithheld }): VisitPatient {
  if ('withheld' in read) {
    if (read.withheld === 'no_patient') return { status: 'not_added' };
    if (read.withheld === 'referral_closed') return { status: 'closed' };
    // The visit's own policy admitted the caller at aal2, so any other refusal is a record that did not open.
    return { status: 'unavailable' };
  }
  const { firstName, lastName, addressLine, city, state, zip, phone } = read.patient;
  return { status: 'shown', firstName, lastName, addressLine, city, state, zip, phone };
}

export interface VisitReferralFacts {
  visitFrequency: string;
  startBy: string;
  urgency: Urgency;
  clinicalSummary: string;
  services: { serviceId: string; serviceName: string; visitCount: number }[];
}

function presentReferral(referralId: string, facts: VisitReferralFacts): VisitReferral {
  const frequency = parseVisitFrequency(facts.visitFrequency);
  return {
    id: referralId,
    visitFrequency: facts.visitFrequency,
    visitFrequencyText: 'error' in frequency ? facts.visitFrequency : describeVisitFrequency(frequency),
    startBy: facts.startBy,
    urgency: facts.urgency,
    clinicalSummary: facts.clinicalSummary,
    services: [...facts.services]
      .sort((a, b) => serviceOrder(a.serviceId) - serviceOrder(b.serviceId))
      .map((service) => ({ serviceId: service.serviceId, name: service.serviceName, visitCount: service.visitCount })),
  };
}

function presentReading(at: Date, latitude: number | null, longitude: number | null, accuracyMeters: number | null, home: GeoPoint | null) {
  const milesFromPatient = home && latitude !== null && longitude !== null ? greatCircleMiles({ latitude, longitude }, home) : null;
  return { at: at.toISOString(), latitude, longitude, accuracyMeters, milesFromPatient };
}

/** The detail its two parties see: reasons opened (they are sealed at rest), the patient and the referral. */
export function presentVisitDetail(
  visit: VisitWithNames,
  phiBox: PhiBox,
  about: { patient: { patient: StoredPatient } | { withheld: PatientWithheld }; referral: VisitReferralFacts },
): VisitDetail {
  const { statusReason, exceptionReason } = openReasons(phiBox, visit);
  const patient = presentPatient(about.patient);
  const shortName = patient.status === 'shown' ? patientShortName(patient.firstName, patient.lastName) : undefined;
  // Distances are measured from the center of the patient's ZIP code area, as EVV judges them.
  const home = 'patient' in about.patient ? locateZip(about.patient.patient.zip) : null;
  return {
    ...presentVisitSummary(visit, shortName),
    patient,
    referral: presentReferral(visit.referralId, about.referral),
    discipline: visit.discipline,
    rate: visit.rate,
    statusReason,
    checkIn: visit.checkInAt ? presentReading(visit.checkInAt, visit.checkInLatitude, visit.checkInLongitude, visit.checkInAccuracyMeters, home) : null,
    checkOut: visit.checkOutAt ? presentReading(visit.checkOutAt, visit.checkOutLatitude, visit.checkOutLongitude, visit.checkOutAccuracyMeters, home) : null,
    exceptionReason,
    attestation: openAttestation(phiBox, visit),
  };
}

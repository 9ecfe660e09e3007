import { serviceTypes } from '../../domain/accounts';
import { EVV_MAX_DISTANCE_MILES, type EvvMeasuredFrom } from '../../domain/evv-distance';
import { greatCircleMiles, type GeoPoint } from '../../domain/geo';
import type { HomeLocationView } from '../../domain/home-location';
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

interface ReadingColumns {
  at: Date;
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
  measuredFrom: EvvMeasuredFrom | null;
  milesFromPatient: number | null;
  allowedMiles: number | null;
}

/**
 * A reading as it was judged when taken. Readings taken before 0033 kept no measurement: they were
 * judged from the center of the patient's ZIP area within EVV_MAX_DISTANCE_MILES, and are shown so.
 */
function presentReading(reading: ReadingColumns, zipCenter: GeoPoint | null) {
  const { at, latitude, longitude, accuracyMeters } = reading;
  const view = { at: at.toISOString(), latitude, longitude, accuracyMeters };
  if (reading.measuredFrom !== null) {
    return { ...view, measuredFrom: reading.measuredFrom, milesFromPatient: reading.milesFromPatient, allowedMiles: reading.allowedMiles };
  }
  const milesFromPatient = zipCenter && latitude !== null && longitude !== null ? greatCircleMiles({ latitude, longitude }, zipCenter) : null;
  return { ...view, measuredFrom: milesFromPatient === null ? null : ('zip_area' as const), milesFromPatient, allowedMiles: milesFromPatient === null ? null : EVV_MAX_DISTANCE_MILES };
}

/** The detail its two parties see: reasons opened (they are sealed at rest), the patient and the referral. */
export function presentVisitDetail(
  visit: VisitWithNames,
  phiBox: PhiBox,
  about: { patient: { patient: StoredPatient; homeLocation: HomeLocationView } | { withheld: PatientWithheld }; referral: VisitReferralFacts },
): VisitDetail {
  const { statusReason, exceptionReason } = openReasons(phiBox, visit);
  const patient = presentPatient(about.patient);
  const shortName = patient.status === 'shown' ? patientShortName(patient.firstName, patient.lastName) : undefined;
  // Only for readings taken before each kept its own measurement.
  const zipCenter = 'patient' in about.patient ? locateZip(about.patient.patient.zip) : null;
  return {
    ...presentVisitSummary(visit, shortName),
    patient,
    referral: presentReferral(visit.referralId, about.referral),
    discipline: visit.discipline,
    rate: visit.rate,
    statusReason,
    checkIn: visit.checkInAt
      ? presentReading(
          {
            at: visit.checkInAt,
            latitude: visit.checkInLatitude,
            longitude: visit.checkInLongitude,
            accuracyMeters: visit.checkInAccuracyMeters,
            measuredFrom: visit.checkInMeasuredFrom,
            milesFromPatient: visit.checkInMilesFromPatient,
            allowedMiles: visit.checkInAllowedMiles,
          },
          zipCenter,
        )
      : null,
    checkOut: visit.checkOutAt
      ? presentReading(
          {
            at: visit.checkOutAt,
            latitude: visit.checkOutLatitude,
            longitude: visit.checkOutLongitude,
            accuracyMeters: visit.checkOutAccuracyMeters,
            measuredFrom: visit.checkOutMeasuredFrom,
            milesFromPatient: visit.checkOutMilesFromPatient,
            allowedMiles: visit.checkOutAllowedMiles,
          },
          zipCenter,
        )
      : null,
    exceptionReason,
    attestation: openAttestation(phiBox, visit),
    homeLocation: 'homeLocation' in about.patient ? about.patient.homeLocation : null,
  };
}

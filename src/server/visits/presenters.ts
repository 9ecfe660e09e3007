import { visitExceptions, type VisitDetail, type VisitException, type VisitSummary } from '../../domain/visits';
import type { PhiBox } from '../crypto/phi-box';
import type { VisitWithNames } from './queries';
import { openReasons } from './reasons';

/** Whitelisted views of a visit: summaries carry no readings and no free-text reasons. */

const exceptionsOf = (codes: string[]): VisitException[] => codes.filter((code): code is VisitException => (visitExceptions as readonly string[]).includes(code));

export function presentVisitSummary(visit: VisitWithNames): VisitSummary {
  return {
    id: visit.id,
    referralId: visit.referralId,
    serviceId: visit.serviceId,
    serviceName: visit.serviceName,
    status: visit.status,
    scheduledStart: visit.scheduledStart.toISOString(),
    durationMinutes: visit.durationMinutes,
    therapistName: visit.therapistName,
    agencyName: visit.agencyName,
    place: visit.place,
    exceptions: exceptionsOf(visit.exceptions),
  };
}

/** The detail its two parties see, reasons opened (they are sealed at rest). */
export function presentVisitDetail(visit: VisitWithNames, phiBox: PhiBox): VisitDetail {
  const { statusReason, exceptionReason } = openReasons(phiBox, visit);
  return {
    ...presentVisitSummary(visit),
    discipline: visit.discipline,
    rate: visit.rate,
    statusReason,
    checkIn: visit.checkInAt
      ? { at: visit.checkInAt.toISOString(), latitude: visit.checkInLatitude, longitude: visit.checkInLongitude, accuracyMeters: visit.checkInAccuracyMeters }
      : null,
    checkOut: visit.checkOutAt
      ? { at: visit.checkOutAt.toISOString(), latitude: visit.checkOutLatitude, longitude: visit.checkOutLongitude, accuracyMeters: visit.checkOutAccuracyMeters }
      : null,
    exceptionReason,
  };
}

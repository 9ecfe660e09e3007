import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { patients, serviceTypesTable, therapistProfiles, userProfiles, visitNotes, visits } from '../db/schema/index';

/** The most visits one export holds: beyond it the caller narrows the range (a bounded answer, not a stream). */
export const EVV_EXPORT_MAX_VISITS = 20_000;

/**
 * The agency's verified visits (checked in) whose check-in falls in [from, until), oldest first,
 * with what the export needs of the service, the therapist, the patient's sealed record, the sealed
 * attestation and the co-signature of the visit's latest signed note version. Scoped to the agency
 * in the `where`: another agency's visit cannot appear. Reads one row past the limit so the caller
 * can tell a full export from a cut one.
 */
export function findEvvVisits(db: Db, options: { agencyId: string; from: Date; until: Date }) {
  // The version in force is the newest signed one: a co-signature of a version since replaced does not count.
  const latestSigned = db
    .select({ coSignedName: visitNotes.coSignedName, coSignedAt: visitNotes.coSignedAt })
    .from(visitNotes)
    .where(and(eq(visitNotes.visitId, visits.id), isNotNull(visitNotes.signedAt)))
    .orderBy(desc(visitNotes.version))
    .limit(1)
    .as('latest_signed');
  return db
    .select({
      id: visits.id,
      referralId: visits.referralId,
      serviceId: visits.serviceId,
      serviceName: serviceTypesTable.name,
      visitType: visits.visitType,
      therapistDiscipline: visits.therapistDiscipline,
      status: visits.status,
      scheduledStart: visits.scheduledStart,
      durationMinutes: visits.durationMinutes,
      checkInAt: visits.checkInAt,
      checkInLatitude: visits.checkInLatitude,
      checkInLongitude: visits.checkInLongitude,
      checkInAccuracyMeters: visits.checkInAccuracyMeters,
      checkOutAt: visits.checkOutAt,
      checkOutLatitude: visits.checkOutLatitude,
      checkOutLongitude: visits.checkOutLongitude,
      checkOutAccuracyMeters: visits.checkOutAccuracyMeters,
      exceptions: visits.exceptions,
      statusReasonSealed: visits.statusReasonSealed,
      statusReason: visits.statusReason,
      exceptionReasonSealed: visits.exceptionReasonSealed,
      exceptionReason: visits.exceptionReason,
      attestationSealed: visits.attestationSealed,
      coSignedName: latestSigned.coSignedName,
      coSignedAt: latestSigned.coSignedAt,
      therapistFirstName: therapistProfiles.firstName,
      therapistLastName: therapistProfiles.lastName,
      therapistNpi: userProfiles.npiNumber,
      patientSealed: patients.sealed,
    })
    .from(visits)
    .innerJoin(serviceTypesTable, eq(serviceTypesTable.id, visits.serviceId))
    .innerJoin(therapistProfiles, eq(therapistProfiles.id, visits.therapistId))
    .leftJoin(userProfiles, eq(userProfiles.id, visits.therapistId))
    .leftJoin(patients, eq(patients.referralId, visits.referralId))
    .leftJoinLateral(latestSigned, sql`true`)
    .where(and(eq(visits.agencyId, options.agencyId), isNotNull(visits.checkInAt), gte(visits.checkInAt, options.from), lt(visits.checkInAt, options.until)))
    .orderBy(asc(visits.checkInAt), asc(visits.id))
    .limit(EVV_EXPORT_MAX_VISITS + 1);
}

export type EvvVisitRow = Awaited<ReturnType<typeof findEvvVisits>>[number];

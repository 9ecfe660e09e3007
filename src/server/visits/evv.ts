import { EVV_MAX_DISTANCE_MILES, isFarFromPatient, zipAreaAllowedMiles, type EvvMeasuredFrom, type EvvMeasurement } from '../../domain/evv-distance';
import { greatCircleMiles, type GeoPoint } from '../../domain/geo';
import {
  EVV_MAX_MINUTES_OFF_SCHEDULE,
  EVV_MIN_SHARE_OF_PLANNED_LENGTH,
  exceptionInSentence,
  visitExceptionLabels,
  type EvvReadingInput,
  type VisitDetail,
  type VisitException,
} from '../../domain/visits';
import { attestationMessages, attestationText, type AttestationInput } from '../../domain/visit-attestation';
import { cannotWorkMessage } from '../../domain/work-standing';
import type { Actor } from '../auth/session';
import { standingOf } from '../credentials/standing';
import type { PhiBox } from '../crypto/phi-box';
import { locateZip, nearestOtherZipMiles } from '../geo/zip-centroids';
import { AppError } from '../errors';
import { createNotification } from '../notifications/service';
import { findVisitSubject } from '../notifications/subjects';
import { visitWhen } from '../notifications/wording';
import { readPatientPlace } from '../patients/patient-place';
import { audited, refused } from '../audit/audited-use-case';
import { VISIT_ENTITY } from './denials';
import { openReasons, sealReason } from './reasons';
import { sealAttestation } from './attestation';
import { moveLockedVisit } from './move-visit';
import { findVisitOfParty } from './queries';
import { detailFor, loadForChange, VISIT_ACTIONS, type VisitDeps } from './service';
import { type RequestClient } from '../http/request-client';

/**
 * Electronic visit verification at the point of care: check-in and check-out each record the time
 * and one location reading (or that none was available). A reading farther than
 * EVV_MAX_DISTANCE_MILES from the patient's geocoded address — or, while the address has no point,
 * farther from the center of their ZIP area than that area's wider allowance (domain/evv-distance.ts)
 * — a missing reading, or a check-in more than EVV_MAX_MINUTES_OFF_SCHEDULE from the scheduled start
 * is an exception, and so is a check-out less than EVV_MIN_SHARE_OF_PLANNED_LENGTH of the planned
 * length after check-in (or before it), and so is a check-out without the patient's or caregiver's
 * signature: each needs a reason (for a signature that "could not be obtained", the reason recorded
 * with it), is stored on the visit and flagged to the agency in-app (without PHI), so a visit
 * checked in and out in one minute, or with no one's word that it took place, is never paid
 * unnoticed. Each reading keeps what it was measured from, so no page calls a ZIP check an address check.
 */

export const NO_PATIENT_FOR_EVV = 'The agency has not added the patient’s details yet, so this visit cannot be verified. Ask the agency to add them.';

export type EvvDeps = VisitDeps & { phiBox: PhiBox };

/** What readings are judged against: a point, what it is, and how far from it a reading may be. */
export interface EvvReference {
  from: EvvMeasuredFrom;
  point: GeoPoint;
  allowedMiles: number;
}

/**
 * The patient's geocoded address when it has a point, within EVV_MAX_DISTANCE_MILES; otherwise the
 * center of their ZIP area, within the distance that ZIP's size allows; null for a ZIP nobody knows
 * (no distance is judged then).
 */
export function evvReferenceOf(place: { zip: string; home: GeoPoint | null }): EvvReference | null {
  if (place.home) return { from: 'address', point: place.home, allowedMiles: EVV_MAX_DISTANCE_MILES };
  const centroid = locateZip(place.zip);
  if (!centroid) return null;
  return { from: 'zip_area', point: { latitude: centroid.latitude, longitude: centroid.longitude }, allowedMiles: zipAreaAllowedMiles(nearestOtherZipMiles(place.zip)) };
}

/** How far a reading is from the reference (null: no reading, or nothing to measure from). */
export function measureReading(reading: GeoPoint | null, reference: EvvReference | null): EvvMeasurement | null {
  if (!reading || !reference) return null;
  return { from: reference.from, miles: greatCircleMiles(reading, reference.point), allowedMiles: reference.allowedMiles };
}

/** The exceptions a reading makes (pure, exported for tests). */
export function findExceptions(options: {
  reading: GeoPoint | null;
  /** The reading measured against the patient's place (measureReading). */
  measurement: EvvMeasurement | null;
  at: Date;
  /** Only check-in is judged against the schedule. */
  scheduledStart: Date | null;
  /** Only check-out is judged against the visit's length: when it was checked in, and for how long it was planned. */
  checkedIn?: { at: Date; plannedMinutes: number } | null;
  /** Only check-out: what the patient or caregiver attested ('none': nothing was sent). */
  attestation?: AttestationInput['kind'] | 'none';
}): VisitException[] {
  const found: VisitException[] = [];
  if (!options.reading) found.push('missing_location');
  else if (options.measurement && isFarFromPatient(options.measurement)) found.push(options.measurement.from === 'address' ? 'far_from_patient' : 'far_from_zip_area');
  if (options.scheduledStart && Math.abs(options.at.getTime() - options.scheduledStart.getTime()) > EVV_MAX_MINUTES_OFF_SCHEDULE * 60_000) {
    found.push('off_schedule');
  }
  if (options.checkedIn) {
    const minutes = (options.at.getTime() - options.checkedIn.at.getTime()) / 60_000;
    // A server clock set back (or a check-in stamped ahead) would make a negative length: never paid silently.
    if (minutes < 0) found.push('out_before_in');
    else if (minutes < options.checkedIn.plannedMinutes * EVV_MIN_SHARE_OF_PLANNED_LENGTH) found.push('short_visit');
  }
  if (options.attestation !== undefined && options.attestation !== 'signature') found.push('no_attestation');
  return found;
}

/** POST /api/visits/:id/check-in (scheduled → in_progress) and /check-out (in_progress → completed), by the visit's therapist at aal2. */
export async function verifyVisit(
  deps: EvvDeps,
  options: { actor: Actor; visitId: string; end: 'check_in' | 'check_out'; input: EvvReadingInput; client: RequestClient },
): Promise<VisitDetail> {
  const { actor, visitId, end, input } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS[end], entityType: VISIT_ENTITY, entityId: visitId, client: options.client };
  return audited(deps.database, meta, async (t) => {
    const loaded = await loadForChange(t.tx, actor, visitId, end);
    if ('refusal' in loaded) return loaded.refusal;
    const { visit } = loaded;
    if (end === 'check_in' && input.attestation) {
      const message = 'The patient’s or caregiver’s attestation is taken at check-out.';
      return refused(new AppError('VALIDATION', message, { attestation: message }), { reason: 'attestation_at_check_in' });
    }
    if (end === 'check_in') {
      // The same standing a match was confirmed on, judged again now: a license may have lapsed since.
      const problems = await standingOf(t.tx, deps.config, actor.userId, visit.placeState);
      if (problems.length > 0) {
        return refused(new AppError('CONFLICT', cannotWorkMessage('check in', problems)), { reason: 'standing', problems: problems.map((p) => p.kind) });
      }
    }

    const place = await readPatientPlace(t.tx, deps.phiBox, visit.referralId);
    if (place === null) return refused(new AppError('CONFLICT', NO_PATIENT_FOR_EVV), { reason: 'no_patient' });
    if (place === 'unreadable') return refused(new AppError('INTERNAL', 'Something went wrong on our side. Please try again.'), { reason: 'patient_unreadable' });

    const now = new Date();
    const reading =
      input.locationUnavailable !== true && input.latitude !== undefined && input.longitude !== undefined
        ? { latitude: input.latitude, longitude: input.longitude, accuracyMeters: input.accuracyMeters ?? null }
        : null;
    const measurement = measureReading(reading, evvReferenceOf(place));
    const exceptions = findExceptions({
      reading,
      measurement,
      at: now,
      scheduledStart: end === 'check_in' ? visit.scheduledStart : null,
      checkedIn: end === 'check_out' && visit.checkInAt ? { at: visit.checkInAt, plannedMinutes: visit.durationMinutes } : null,
      attestation: end === 'check_out' ? (input.attestation?.kind ?? 'none') : undefined,
    });

    const label = end === 'check_in' ? 'Check-in' : 'Check-out';
    // A signature that could not be obtained comes with its reason; no attestation at all needs one like the rest.
    const unable = input.attestation?.kind === 'unable' ? input.attestation : null;
    const needingReason = exceptions.filter((code) => !(code === 'no_attestation' && unable));
    if (needingReason.length > 0 && !input.reason) {
      const fields: Record<string, string> = {};
      if (needingReason.includes('no_attestation')) fields.attestation = attestationMessages.kind;
      const others = needingReason.filter((code) => code !== 'no_attestation');
      if (others.length > 0) fields.reason = `${label} needs a reason: ${others.map(exceptionInSentence).join('; ')}.`;
      const message = fields.reason ?? attestationMessages.kind;
      return refused(new AppError('VALIDATION', message, fields), { reason: 'reason_required', exceptions });
    }

    const allExceptions = [...new Set([...visit.exceptions, ...exceptions])];
    // A new exception's reason is added to the earlier ones and the whole sealed again; none: unchanged.
    let reasons: { exceptionReasonSealed?: string; exceptionReason?: null } = {};
    if (exceptions.length > 0) {
      const noSignature = unable ? attestationText({ kind: 'unable', unableReason: unable.unableReason, reason: unable.reason || null, at: now.toISOString() }) : null;
      const given = [input.reason, noSignature].filter(Boolean).join('; ');
      const text = [openReasons(deps.phiBox, visit).exceptionReason, `${label}: ${given}`].filter(Boolean).join('\n');
      reasons = { exceptionReasonSealed: sealReason(deps.phiBox, visitId, 'exception_reason', text), exceptionReason: null };
    }
    const common = { exceptions: allExceptions, ...reasons };
    await moveLockedVisit(
      t.tx,
      visitId,
      end === 'check_in'
        ? {
            from: 'scheduled',
            to: 'in_progress',
            set: {
              checkInAt: now,
              checkInLatitude: reading?.latitude ?? null,
              checkInLongitude: reading?.longitude ?? null,
              checkInAccuracyMeters: reading?.accuracyMeters ?? null,
              checkInMeasuredFrom: measurement?.from ?? null,
              checkInMilesFromPatient: measurement?.miles ?? null,
              checkInAllowedMiles: measurement?.allowedMiles ?? null,
              ...common,
            },
          }
        : {
            from: 'in_progress',
            to: 'completed',
            set: {
              checkOutAt: now,
              checkOutLatitude: reading?.latitude ?? null,
              checkOutLongitude: reading?.longitude ?? null,
              checkOutAccuracyMeters: reading?.accuracyMeters ?? null,
              checkOutMeasuredFrom: measurement?.from ?? null,
              checkOutMilesFromPatient: measurement?.miles ?? null,
              checkOutAllowedMiles: measurement?.allowedMiles ?? null,
              attestationSealed: input.attestation ? sealAttestation(deps.phiBox, visitId, input.attestation, now) : null,
              ...common,
            },
          },
    );
    if (exceptions.length > 0) {
      const subject = await findVisitSubject(t.tx, visitId);
      await createNotification(t, {
        userId: visit.agencyId,
        type: 'visit.exception',
        title: `Visit verification exception: ${subject.tag}`,
        body: `${subject.therapistName}’s ${label.toLowerCase()} for the ${visitWhen(subject, subject.zoneOf(visit.agencyId))} was flagged: ${exceptions.map((code) => visitExceptionLabels[code]).join('; ')}. Open the visit for the therapist’s reason.`,
        link: `/dashboard/agency/visits/${visitId}`,
      });
    }
    const updated = await findVisitOfParty(t.tx, visitId, actor.userId);
    if (!updated) throw new Error(`visit ${visitId} vanished inside its own transaction`);
    // The audit says whether an attestation was taken and of which kind, never what it holds.
    const attestation = end === 'check_out' ? (input.attestation?.kind ?? 'none') : undefined;
    // What the reading was measured from, never the reading, the distance or the patient's place.
    const measuredFrom = measurement?.from;
    return {
      value: await detailFor(deps, t.tx, options, updated),
      details: { exceptions, locationReading: reading !== null, ...(measuredFrom ? { measuredFrom } : {}), ...(attestation ? { attestation } : {}) },
    };
  });
}

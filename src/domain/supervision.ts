import { careTimeZone, clockState, daysAfter, earliestBooked, latest, visitTime, type CareClockItem, type CareVisit } from './care-clock-items';
import type { CareClocksInput } from './care-clocks';
import { isHeld } from './care-visit-types';
import { assistantOf } from './service-eligibility';

/**
 * Assistant supervision: while a PTA or COTA treats the patient, the supervising PT or OT makes a
 * supervisory visit at an interval the state sets (care-clock-rules.ts, 30 days by default), and
 * co-signs the assistant's notes where the state or the agency requires it.
 */

const isLive = (visit: CareVisit) => visit.status !== 'missed' && visit.status !== 'cancelled';

/**
 * The next supervisory visit: due `supervisoryVisitIntervalDays` after the last one the supervising
 * therapist held, or after the assistant's first visit when there has been none. No clock while no
 * assistant visit is held or booked since the last supervisory visit: there is no one to supervise.
 * Only a visit booked as supervisory counts; a reassessment or routine visit by the PT does not,
 * because the state rules ask for a visit made to supervise.
 */
export function supervisoryVisitClock(input: CareClocksInput): CareClockItem | null {
  const { referral, visits, rules, now } = input;
  const assistant = assistantOf[referral.discipline];
  if (assistant === null) return null;

  const supervises = (visit: CareVisit) => visit.type === 'supervisory' && visit.discipline === referral.discipline;
  const lastSupervision = latest(visits.filter((visit) => supervises(visit) && isHeld(visit.status)));
  const since = lastSupervision === null ? null : visitTime(lastSupervision);
  const assistantVisits = visits
    .filter((visit) => visit.discipline === assistant && isLive(visit) && (since === null || visitTime(visit) > since))
    .sort((a, b) => visitTime(a).getTime() - visitTime(b).getTime());
  const firstAssistantVisit = assistantVisits[0];
  if (firstAssistantVisit === undefined) return null;

  const anchor = since ?? visitTime(firstAssistantVisit);
  const { dueDate, dueBy } = daysAfter(anchor, rules.supervisoryVisitIntervalDays, careTimeZone(referral));
  return {
    kind: 'supervisory_visit',
    visitType: 'supervisory',
    dueBy,
    dueDate,
    notBefore: null,
    state: clockState('supervisory_visit', dueBy, now, rules),
    by: [referral.discipline],
    booked: earliestBooked(visits, supervises, since),
    visitId: null,
    reason: `Supervisory visit by the supervising ${referral.discipline} at least every ${rules.supervisoryVisitIntervalDays} days while a ${assistant} treats (a state practice rule, configured per state)`,
  };
}

/**
 * One item per assistant note signed and not yet co-signed, where the state or the agency requires
 * co-signature: due `coSignatureWithinDays` after the assistant signed it.
 */
export function coSignatureClocks(input: CareClocksInput): CareClockItem[] {
  const { referral, visits, rules, now } = input;
  const assistant = assistantOf[referral.discipline];
  if (!rules.coSignatureRequired || assistant === null) return [];

  return visits
    .filter((visit) => visit.discipline === assistant && visit.noteSignedAt && !visit.noteCoSignedAt)
    .map((visit) => {
      const { dueDate, dueBy } = daysAfter(visit.noteSignedAt as Date, rules.coSignatureWithinDays, careTimeZone(referral));
      return {
        kind: 'co_signature',
        visitType: null,
        dueBy,
        dueDate,
        notBefore: null,
        state: clockState('co_signature', dueBy, now, rules),
        by: [referral.discipline],
        booked: null,
        visitId: visit.id,
        reason: `The supervising ${referral.discipline} co-signs the ${assistant}'s note within ${rules.coSignatureWithinDays} days (state or agency rule)`,
      } satisfies CareClockItem;
    });
}

import type { Discipline, ServiceTypeId } from '../../domain/accounts';
import { todayIn } from '../../domain/business-date';
import type { GeoPoint } from '../../domain/geo';
import { evaluateEligibility, type Eligibility } from '../../domain/matching';
import type { ReferralDiscipline } from '../../domain/service-eligibility';
import { NO_LATE_NOTES } from '../../domain/work-standing';
import { standingsOf, type StandingConfig, type TherapistStanding } from '../credentials/standing';
import type { Db } from '../db/client';
import type { Queryable } from '../db/named-statement';
import { locateZip } from '../geo/zip-centroids';
import type { ReferralRow } from './queries';
import { candidatesWithStanding, type TherapistProfileForMatching } from './therapist-queries';

/** Licenses are judged by the calendar date where the business runs (domain/business-date.ts). */
export { todayIn };

const assistantOf: Record<ReferralDiscipline, Discipline | null> = { PT: 'PTA', OT: 'COTA', ST: null };

/** The disciplines that could take any of the services: a superset, for the SQL pre-filter only. */
function disciplinesWorthAsking(discipline: ReferralDiscipline): Discipline[] {
  const assistant = assistantOf[discipline];
  return assistant ? [discipline, assistant] : [discipline];
}

export type ReferralToMatch = Pick<ReferralRow, 'discipline' | 'patientState' | 'latitude' | 'longitude'> & { services: ServiceTypeId[] };

/**
 * Where the rule places the therapist: their ZIP's centroid as stored with it, which is what the
 * candidate query measured from; their ZIP looked up when it was not stored yet (the query brings
 * those along unmeasured).
 */
function locationOf(therapist: TherapistProfileForMatching): GeoPoint | null {
  if (therapist.latitude !== null && therapist.longitude !== null) return { latitude: therapist.latitude, longitude: therapist.longitude };
  const place = locateZip(therapist.zipCode);
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/** The matching rule for one therapist, from their stored profile and standing (credentials/standing.ts). */
export function judgeTherapist(
  therapist: TherapistProfileForMatching,
  standing: TherapistStanding,
  referral: ReferralToMatch,
  config: StandingConfig,
  today: string,
): Eligibility {
  return evaluateEligibility({
    therapist: {
      status: therapist.status,
      suspension: standing.suspension,
      availableForReferrals: therapist.availableForReferrals,
      disciplines: therapist.disciplines,
      credentials: standing.credentials,
      lateNotes: standing.lateNotes,
      location: locationOf(therapist),
      serviceRadiusMiles: therapist.serviceRadiusMiles,
    },
    referral: {
      discipline: referral.discipline,
      services: referral.services,
      patientState: referral.patientState,
      patientLocation: { latitude: referral.latitude, longitude: referral.longitude },
    },
    policy: { requiredCredentials: config.trust.requiredCredentials, lateNotes: config.trust.lateNotes },
    today,
  });
}

/** Each therapist judged against the referral now, with the standing read for all of them at once. */
export async function judgeTherapists(
  db: Db,
  config: StandingConfig,
  therapists: TherapistProfileForMatching[],
  referral: ReferralToMatch,
  now = new Date(),
): Promise<Array<{ therapist: TherapistProfileForMatching; verdict: Eligibility }>> {
  const today = todayIn(undefined, now);
  const standings = await standingsOf(db, config, therapists, now);
  return therapists.map((therapist) => {
    const standing = standings.get(therapist.id) ?? { credentials: [], suspension: null, lateNotes: NO_LATE_NOTES };
    return { therapist, verdict: judgeTherapist(therapist, standing, referral, config, today) };
  });
}

/**
 * Every therapist eligible for the referral now, with their distance: the candidates near the
 * patient from SQL, read with their standing (therapist-queries.ts), each judged by the matching rule.
 */
export async function findEligibleTherapists(
  runner: Queryable,
  config: StandingConfig,
  referral: ReferralToMatch,
): Promise<{ therapist: TherapistProfileForMatching; distanceMiles: number }[]> {
  const now = new Date();
  const today = todayIn(undefined, now);
  const candidates = await candidatesWithStanding(runner, {
    disciplines: disciplinesWorthAsking(referral.discipline),
    patient: { latitude: referral.latitude, longitude: referral.longitude },
    noteDueHours: config.noteDueHours,
    now,
  });
  const eligible: { therapist: TherapistProfileForMatching; distanceMiles: number }[] = [];
  for (const { therapist, standing } of candidates) {
    const verdict = judgeTherapist(therapist, standing, referral, config, today);
    if (verdict.eligible && verdict.distanceMiles !== null) eligible.push({ therapist, distanceMiles: verdict.distanceMiles });
  }
  return eligible;
}

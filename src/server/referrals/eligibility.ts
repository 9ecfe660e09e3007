import { sql, type SQL } from 'drizzle-orm';
import { disciplines, type Discipline, type ServiceTypeId } from '../../domain/accounts';
import { todayIn } from '../../domain/business-date';
import type { GeoPoint } from '../../domain/geo';
import { evaluateEligibility, type Eligibility } from '../../domain/matching';
import { servicesNotCovered, type ReferralDiscipline } from '../../domain/service-eligibility';
import { NO_LATE_NOTES } from '../../domain/work-standing';
import { standingsOf, type StandingConfig, type TherapistStanding } from '../credentials/standing';
import type { Db } from '../db/client';
import { preparedByText, type Queryable } from '../db/named-statement';
import { locateZip } from '../geo/zip-centroids';
import type { ReferralRow } from './queries';
import { eligibleNearSql, unlocatedCandidatesWithStanding, type TherapistProfileForMatching } from './therapist-queries';

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
 * The disciplines any one of which may take every service on the referral, by the rule's own
 * servicesNotCovered (a set of disciplines covers them exactly when one of its members does: the
 * referral's discipline takes every service, its assistant only treatment). None when it lists no
 * services, which nobody can take.
 */
function qualifyingDisciplines(referral: ReferralToMatch): Discipline[] {
  if (referral.services.length === 0) return [];
  return disciplines.filter((discipline) => servicesNotCovered([discipline], referral.discipline, referral.services).length === 0);
}

/**
 * Every therapist eligible for the referral now, as a query selecting (therapist_id,
 * distance_miles), for a statement to read or to offer the referral from (offers.ts). Those with a
 * location are judged in that statement by the rule's SQL form (therapist-queries.ts,
 * eligibleNearSql), so a post to thousands reads none of them back; the few whose ZIP was not located
 * yet are read first and judged by the rule itself, their verdicts joined in as values.
 */
export async function eligibleTherapistsSql(runner: Queryable, config: StandingConfig, referral: ReferralToMatch, now = new Date()): Promise<SQL> {
  const today = todayIn(undefined, now);
  const unlocated = await unlocatedCandidatesWithStanding(runner, {
    disciplines: disciplinesWorthAsking(referral.discipline),
    noteDueHours: config.noteDueHours,
    now,
  });
  const judged: { therapistId: string; distanceMiles: number }[] = [];
  for (const { therapist, standing } of unlocated) {
    const verdict = judgeTherapist(therapist, standing, referral, config, today);
    if (verdict.eligible && verdict.distanceMiles !== null) judged.push({ therapistId: therapist.id, distanceMiles: verdict.distanceMiles });
  }
  const located = eligibleNearSql({
    qualifying: qualifyingDisciplines(referral),
    patient: { latitude: referral.latitude, longitude: referral.longitude },
    patientState: referral.patientState.trim().toUpperCase(),
    required: [...new Set(config.trust.requiredCredentials)],
    today,
    noteDueHours: config.noteDueHours,
    now,
    lateNotes: config.trust.lateNotes,
  });
  if (judged.length === 0) return located;
  return sql`${located} union all select * from unnest(${sql.param(judged.map((j) => j.therapistId))}::text[],
    ${sql.param(judged.map((j) => j.distanceMiles))}::float8[])`;
}

/** Every therapist eligible for the referral now, with their distance, in therapist id order (eligibleTherapistsSql, read). */
export async function findEligibleTherapists(
  runner: Queryable,
  config: StandingConfig,
  referral: ReferralToMatch,
): Promise<{ therapistId: string; distanceMiles: number }[]> {
  const eligible = await eligibleTherapistsSql(runner, config, referral);
  return preparedByText(
    runner,
    sql`select e.therapist_id as "therapistId", e.distance_miles as "distanceMiles" from (${eligible}) e order by e.therapist_id`,
  );
}

import type { Discipline, ServiceTypeId } from '../../domain/accounts';
import { evaluateEligibility, type Eligibility } from '../../domain/matching';
import { DEFAULT_TIME_ZONE } from '../../domain/notification-preferences';
import type { ReferralDiscipline } from '../../domain/service-eligibility';
import type { Db } from '../db/client';
import { locateZip } from '../geo/zip-centroids';
import {
  type ReferralRow,
} from './queries';
import { candidateTherapists, type TherapistProfileForMatching } from './therapist-queries';

/** Licenses are judged by the calendar date where the business runs. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const assistantOf: Record<ReferralDiscipline, Discipline | null> = { PT: 'PTA', OT: 'COTA', ST: null };

/** The disciplines that could take any of the services: a superset, for the SQL pre-filter only. */
function disciplinesWorthAsking(discipline: ReferralDiscipline): Discipline[] {
  const assistant = assistantOf[discipline];
  return assistant ? [discipline, assistant] : [discipline];
}

export type ReferralToMatch = Pick<ReferralRow, 'discipline' | 'patientState' | 'latitude' | 'longitude'> & { services: ServiceTypeId[] };

/** The matching rule for one therapist, from their stored profile. */
export function judgeTherapist(therapist: TherapistProfileForMatching, referral: ReferralToMatch, today: string): Eligibility {
  const place = locateZip(therapist.zipCode);
  return evaluateEligibility({
    therapist: {
      status: therapist.status,
      availableForReferrals: therapist.availableForReferrals,
      disciplines: therapist.disciplines,
      licenseState: therapist.licenseState,
      licenseExpiry: therapist.licenseExpiry,
      location: place ? { latitude: place.latitude, longitude: place.longitude } : null,
      serviceRadiusMiles: therapist.serviceRadiusMiles,
    },
    referral: {
      discipline: referral.discipline,
      services: referral.services,
      patientState: referral.patientState,
      patientLocation: { latitude: referral.latitude, longitude: referral.longitude },
    },
    today,
  });
}

/** Every therapist eligible for the referral now, with their distance. */
export async function findEligibleTherapists(db: Db, referral: ReferralToMatch): Promise<{ therapist: TherapistProfileForMatching; distanceMiles: number }[]> {
  const today = todayIn();
  const candidates = await candidateTherapists(db, { state: referral.patientState, today, disciplines: disciplinesWorthAsking(referral.discipline) });
  const eligible: { therapist: TherapistProfileForMatching; distanceMiles: number }[] = [];
  for (const therapist of candidates) {
    const verdict = judgeTherapist(therapist, referral, today);
    if (verdict.eligible && verdict.distanceMiles !== null) eligible.push({ therapist, distanceMiles: verdict.distanceMiles });
  }
  return eligible;
}

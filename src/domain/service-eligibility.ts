import type { Discipline, ServiceTypeId } from './accounts';

/**
 * Which therapist disciplines may perform which service on a referral. A referral names the
 * licensed discipline the patient needs (PT, OT or ST). Evaluation, progress report and discharge
 * need that discipline itself; a treatment session may also be done by its assistant (PTA under a
 * PT plan of care, COTA under an OT one). Speech therapy has no assistant license here.
 */

export const referralDisciplines = ['PT', 'OT', 'ST'] as const satisfies readonly Discipline[];
export type ReferralDiscipline = (typeof referralDisciplines)[number];

export function isReferralDiscipline(value: string): value is ReferralDiscipline {
  return (referralDisciplines as readonly string[]).includes(value);
}

/** The assistant licence that may treat under each licensed discipline's plan of care (none for speech). */
export const assistantOf: Readonly<Record<ReferralDiscipline, Discipline | null>> = { PT: 'PTA', OT: 'COTA', ST: null };

/** True when a therapist of `therapistDiscipline` may perform `service` on a `referralDiscipline` referral. */
export function canPerform(
  therapistDiscipline: Discipline,
  referralDiscipline: ReferralDiscipline,
  service: ServiceTypeId,
): boolean {
  if (therapistDiscipline === referralDiscipline) return true;
  return service === 'treatment' && assistantOf[referralDiscipline] === therapistDiscipline;
}

/** The services in `services` that none of `therapistDisciplines` may perform, in the order given. */
export function servicesNotCovered(
  therapistDisciplines: readonly Discipline[],
  referralDiscipline: ReferralDiscipline,
  services: readonly ServiceTypeId[],
): ServiceTypeId[] {
  return services.filter(
    (service) => !therapistDisciplines.some((discipline) => canPerform(discipline, referralDiscipline, service)),
  );
}

/**
 * True when every service is covered by at least one of the therapist's disciplines. A referral
 * always needs at least one service, so an empty list is not something anyone can take: false.
 */
export function canTakeAllServices(
  therapistDisciplines: readonly Discipline[],
  referralDiscipline: ReferralDiscipline,
  services: readonly ServiceTypeId[],
): boolean {
  return services.length > 0 && servicesNotCovered(therapistDisciplines, referralDiscipline, services).length === 0;
}

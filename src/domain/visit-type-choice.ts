import type { Discipline, ServiceTypeId } from './accounts';
import { careVisitTypeLabels, careVisitTypes, careVisitTypeOfService, type CareVisitType } from './care-visit-types';
import { assistantOf, type ReferralDiscipline } from './service-eligibility';

/**
 * Which care visit type a booked visit is, chosen when it is scheduled: the priced service says
 * what is billed, the visit type what the care clocks count it as. A treatment session may also be
 * the visit in which the therapist reassesses or supervises (a reassessment need not be a priced
 * progress report, and a supervisory visit has no price of its own); the other services are
 * exactly their own type.
 */
export const visitTypesOfService: Readonly<Record<ServiceTypeId, readonly CareVisitType[]>> = {
  evaluation: ['evaluation'],
  treatment: ['routine', 'reassessment', 'supervisory'],
  progress_report: ['reassessment'],
  discharge: ['discharge'],
};

export const visitTypeMessages = {
  visitType: `Choose a visit type: ${careVisitTypes.join(', ')}`,
  notForService: (visitType: CareVisitType, serviceName: string) =>
    `A ${careVisitTypeLabels[visitType].toLowerCase()} cannot be booked as a ${serviceName} visit: choose another visit type or service`,
} as const;

/** The visit type a service is booked as when the therapist does not choose one. */
export function defaultVisitType(serviceId: ServiceTypeId): CareVisitType {
  return careVisitTypeOfService[serviceId];
}

export function visitTypeFitsService(visitType: CareVisitType, serviceId: ServiceTypeId): boolean {
  return visitTypesOfService[serviceId].includes(visitType);
}

/**
 * The discipline a therapist practises as on a referral: its own discipline when they hold it,
 * else its assistant licence (a PTA on a PT referral), else null (they could not have been matched).
 * A therapist holding both a PT and a PTA licence acts as the PT.
 */
export function actingDiscipline(held: readonly Discipline[], referralDiscipline: ReferralDiscipline): Discipline | null {
  if (held.includes(referralDiscipline)) return referralDiscipline;
  const assistant = assistantOf[referralDiscipline];
  return assistant !== null && held.includes(assistant) ? assistant : null;
}

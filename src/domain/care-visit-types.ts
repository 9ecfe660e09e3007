import type { Discipline, ServiceTypeId } from './accounts';
import { assistantOf, isReferralDiscipline, type ReferralDiscipline } from './service-eligibility';
import type { VisitStatus } from './visits';

/**
 * The kinds of visit the home health care clocks reason about (care-clocks.ts). They are finer than
 * the marketplace's priced services (accounts.ts `serviceTypes`): a supervisory visit is a visit
 * the compliance rules need even though no service of its own is priced for it yet.
 */
export const careVisitTypes = ['evaluation', 'routine', 'reassessment', 'supervisory', 'discharge'] as const;
export type CareVisitType = (typeof careVisitTypes)[number];

export const careVisitTypeLabels: Record<CareVisitType, string> = {
  evaluation: 'Evaluation',
  routine: 'Routine visit',
  reassessment: 'Reassessment',
  supervisory: 'Supervisory visit',
  discharge: 'Discharge',
};

/**
 * The care visit type of a priced service: a treatment session is a routine visit, and a progress
 * report is the visit in which the therapist functionally reassesses the patient, so it is the
 * reassessment. A supervisory visit has no priced service yet.
 */
export const careVisitTypeOfService: Readonly<Record<ServiceTypeId, CareVisitType>> = {
  evaluation: 'evaluation',
  treatment: 'routine',
  progress_report: 'reassessment',
  discharge: 'discharge',
};

/** The licensed therapist supervising each assistant: a PT for a PTA, an OT for a COTA. */
export function supervisingDisciplineOf(discipline: Discipline): ReferralDiscipline | null {
  for (const licensed of ['PT', 'OT', 'ST'] as const) if (assistantOf[licensed] === discipline) return licensed;
  return null;
}

/** A PTA or a COTA: treats under a licensed therapist's plan of care and supervision. */
export function isAssistant(discipline: Discipline): boolean {
  return supervisingDisciplineOf(discipline) !== null;
}

/** A PT, OT or ST (the speech-language pathologist): a "qualified therapist" in 42 CFR 409.44. */
export function isQualifiedTherapist(discipline: Discipline): discipline is ReferralDiscipline {
  return isReferralDiscipline(discipline);
}

/**
 * A visit has been held once the therapist checked in: an evaluation "held within 48 hours" is one
 * the therapist started within them. Missed and cancelled visits were never held.
 */
export const HELD_VISIT_STATUSES: readonly VisitStatus[] = ['in_progress', 'completed', 'documented', 'approved', 'paid'];

export function isHeld(status: VisitStatus): boolean {
  return HELD_VISIT_STATUSES.includes(status);
}

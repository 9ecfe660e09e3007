import { careTimeZone, daysAfter, visitTime, type CareReferral, type CareVisit } from './care-clock-items';
import type { CareClockRules } from './care-clock-rules';
import { isFunctionalAssessment } from './care-clocks';
import { isHeld } from './care-visit-types';
import { assistantOf } from './service-eligibility';

/**
 * Which therapy visits Medicare does not cover because the 30-day reassessment had lapsed: CMS
 * answered (Q&A to NAHC on 42 CFR 409.44(c)(2)(i)) that therapy visits made while a qualified
 * therapist's reassessment is overdue are not covered, whatever the reason it was missed. Coverage
 * comes back with the reassessment itself. For the agency's review before it approves and pays.
 */
export interface UncoveredVisit {
  visitId: string;
  /** The last day the reassessment was due on, which the visit came after. */
  reassessmentDueDate: string;
}

export function visitsAfterLapsedReassessment(referral: CareReferral, visits: readonly CareVisit[], rules: CareClockRules): UncoveredVisit[] {
  const timeZone = careTimeZone(referral);
  const therapy = new Set([referral.discipline, assistantOf[referral.discipline]]);
  const held = visits.filter((visit) => therapy.has(visit.discipline) && isHeld(visit.status)).sort((a, b) => visitTime(a).getTime() - visitTime(b).getTime());

  const uncovered: UncoveredVisit[] = [];
  let due: ReturnType<typeof daysAfter> | null = null; // No clock before the evaluation: start of care governs then.
  for (const visit of held) {
    if (isFunctionalAssessment(referral, visit)) {
      due = daysAfter(visitTime(visit), rules.reassessmentIntervalDays, timeZone);
    } else if (due !== null && visitTime(visit).getTime() > due.dueBy.getTime()) {
      uncovered.push({ visitId: visit.id, reassessmentDueDate: due.dueDate });
    }
  }
  return uncovered;
}

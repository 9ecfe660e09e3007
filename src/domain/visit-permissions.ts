import { disciplineNames, type Discipline } from './accounts';
import type { CareClockItem, CareClockState } from './care-clock-items';
import { careVisitTypeLabels, type CareVisitType } from './care-visit-types';
import { assistantOf, type ReferralDiscipline } from './service-eligibility';

/**
 * Which visits a therapist may do on a referral, for scheduling to refuse the rest with a reason
 * the therapist and the agency can act on, and which visits scheduling should offer first.
 */

const startsWithVowel = (word: string) => /^[aeiou]/i.test(word);

export type VisitPermission = { allowed: true } | { allowed: false; message: string };

/** Why an assistant may not do each visit but a routine one; each names the rule. */
const assistantRefusals: Record<Exclude<CareVisitType, 'routine'>, string> = {
  evaluation: 'the evaluation is a qualified therapist’s (PT, OT or SLP), never an assistant’s (42 CFR 409.44(c)(2)(i))',
  reassessment: 'Medicare requires a qualified therapist (PT, OT or SLP), not an assistant, to reassess the patient (42 CFR 409.44(c)(2)(i))',
  supervisory: 'a supervisory visit is made by the supervising therapist',
  discharge: 'the discharge visit and summary are the supervising therapist’s',
};

/**
 * Whether a therapist practising as `discipline` may do a `visitType` visit on a
 * `referralDiscipline` referral: the referral's own discipline may do every visit; its assistant
 * (PTA for PT, COTA for OT) only routine ones; anyone else none.
 */
export function mayDoVisit(discipline: Discipline, visitType: CareVisitType, referralDiscipline: ReferralDiscipline): VisitPermission {
  if (discipline === referralDiscipline) return { allowed: true };
  const name = disciplineNames[discipline];
  const who = startsWithVowel(name) ? `An ${name}` : `A ${name}`;
  if (assistantOf[referralDiscipline] !== discipline) {
    // Read as letters: "a PT", "an OT", "an ST".
    return { allowed: false, message: `${who} may not do visits on ${referralDiscipline === 'PT' ? 'a' : 'an'} ${referralDiscipline} referral` };
  }
  if (visitType === 'routine') return { allowed: true };
  const visit = careVisitTypeLabels[visitType].toLowerCase();
  return { allowed: false, message: `${who} may not do ${startsWithVowel(visit) ? 'an' : 'a'} ${visit}: ${assistantRefusals[visitType]}` };
}

export interface VisitTypeSuggestion {
  visitType: CareVisitType;
  /** When the clock behind it runs out; null for a routine visit, which no clock asks for. */
  dueBy: Date | null;
  state: CareClockState | null;
  reason: string | null;
}

/**
 * The visit types to offer `discipline` when scheduling, most pressing first: each visit a care
 * clock asks for that they may do (careClocks' items, already in deadline order), then a routine
 * visit — except before the evaluation, when there is no plan of care to treat under yet.
 */
export function suggestVisitTypes(items: readonly CareClockItem[], discipline: Discipline, referralDiscipline: ReferralDiscipline): VisitTypeSuggestion[] {
  const suggestions: VisitTypeSuggestion[] = [];
  for (const item of items) {
    if (item.visitType === null || suggestions.some((s) => s.visitType === item.visitType)) continue;
    if (!mayDoVisit(discipline, item.visitType, referralDiscipline).allowed) continue;
    suggestions.push({ visitType: item.visitType, dueBy: item.dueBy, state: item.state, reason: item.reason });
  }
  const awaitingEvaluation = items.some((item) => item.kind === 'start_of_care');
  if (!awaitingEvaluation && mayDoVisit(discipline, 'routine', referralDiscipline).allowed) {
    suggestions.push({ visitType: 'routine', dueBy: null, state: null, reason: null });
  }
  return suggestions;
}

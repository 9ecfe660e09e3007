import type { NoteContent } from '../../domain/documentation';
import type { ReferralDiscipline } from '../../domain/service-eligibility';

/** Believable, complete notes for the demo's visits (fiction, like the patients they describe). */

const evaluations: Record<ReferralDiscipline, Omit<Extract<NoteContent, { serviceId: 'evaluation' }>, 'serviceId'>> = {
  PT: {
    history: 'Lives with spouse in a two-story home; independent before surgery. Uses a front-wheeled walker since discharge.',
    objectiveMeasures: 'Knee flexion 85°, extension −5°. Timed Up and Go 24 s. Gait with walker, 150 ft with one rest.',
    assessment: 'Limited range and strength after surgery; fall risk on stairs. Good potential to return to prior level.',
    goals: ['Knee flexion to 110° in 4 weeks', 'Climb 12 stairs with one rail in 4 weeks', 'Timed Up and Go under 14 s'],
    plan: 'Therapeutic exercise, gait and stair training, home exercise program, fall prevention teaching.',
    frequency: 'Twice a week for 4 weeks',
  },
  OT: {
    history: 'Independent in self-care before onset; now needs help with bathing, dressing and meal preparation.',
    objectiveMeasures: 'Grip strength reduced on the affected side. Needs moderate help with lower-body dressing and tub transfers.',
    assessment: 'Deficits in strength, coordination and activity tolerance limit safe self-care at home.',
    goals: ['Dress independently with adaptive equipment in 3 weeks', 'Tub transfer with a bench and supervision in 3 weeks'],
    plan: 'ADL retraining, fine motor activities, adaptive equipment and a bathroom safety set-up.',
    frequency: 'As ordered',
  },
  ST: {
    history: 'Changes in speech and swallowing since onset; family reports coughing with thin liquids.',
    objectiveMeasures: 'Bedside swallow screen positive for thin liquids; mild word-finding pauses in conversation.',
    assessment: 'Mild oropharyngeal dysphagia and anomia; safe with thickened liquids for now.',
    goals: ['Safe intake of thin liquids with strategies in 4 weeks', 'Name 8 of 10 common objects in 4 weeks'],
    plan: 'Swallow exercises and strategies, diet recommendations, word-retrieval practice with the family.',
    frequency: 'Once a week for 5 weeks',
  },
};

const treatments: Record<ReferralDiscipline, Omit<Extract<NoteContent, { serviceId: 'treatment' }>, 'serviceId'>> = {
  PT: {
    interventions: 'Range-of-motion and quadriceps strengthening, gait training 300 ft with walker, stair practice with one rail.',
    response: 'Tolerated well; pain 3/10 after session. Flexion improved to 95°.',
    plan: 'Progress to a cane indoors next visit; continue the home exercise program.',
  },
  OT: {
    interventions: 'Upper-body dressing practice with a reacher and sock aid; fine motor pegboard; tub bench trial.',
    response: 'Dressed upper body with set-up only; needed cues for sequencing. No pain reported.',
    plan: 'Lower-body dressing next visit; family to pick up a long-handled sponge.',
  },
  ST: {
    interventions: 'Effortful swallow and chin-tuck practice; word-retrieval drills with family photographs.',
    response: 'Used chin tuck with cues; named 6 of 10 pictures. No coughing with mildly thick liquids.',
    plan: 'Trial thin liquids with strategies next visit; continue daily practice with the family.',
  },
};

/** A complete note for a visit of `service` on a `discipline` referral. */
export function demoNote(service: 'evaluation' | 'treatment', discipline: ReferralDiscipline): NoteContent {
  return service === 'evaluation' ? { serviceId: 'evaluation', ...evaluations[discipline] } : { serviceId: 'treatment', ...treatments[discipline] };
}

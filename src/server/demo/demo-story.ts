import type { PatientInput } from '../../domain/patients';
import type { ReferralInput, RespondInput, ServiceRates } from '../../domain/referrals';

/**
 * The shape of one story of the demo market: a referral from one agency, what therapists answered,
 * how it ended, and, once matched, its patient and visits. play-story.ts plays it through the use
 * cases; demo-stories.ts holds the stories themselves.
 */

/** How far a visit got: each stage is the one before it plus one more step of the product. */
export type VisitStage = 'scheduled' | 'in_progress' | 'completed' | 'documented' | 'returned' | 'approved' | 'paid';

/** When a visit starts, on the agency's local clock: a day and hour, later today, or now (it is under way). */
export type VisitWhen = { days: number; hour: number; minute?: number } | { laterTodayAt: number } | 'now';

export interface DemoVisit {
  service: 'evaluation' | 'treatment';
  when: VisitWhen;
  stage: VisitStage;
}

export interface DemoAnswer {
  /** The therapist's demo key. */
  therapist: string;
  /** Minutes after the referral was posted. */
  afterMinutes: number;
  response: RespondInput;
}

export type StoryEnd =
  /** Still posted: offers out, answers waiting. */
  | { kind: 'open' }
  /** Its offer window closed without a match. */
  | { kind: 'expired' }
  /** The agency confirmed this therapist's answer, `afterMinutes` after posting. */
  | { kind: 'confirmed'; therapist: string; afterMinutes: number }
  /** The referral had instant confirm on, and the first acceptance matched it. */
  | { kind: 'instant' };

export interface DemoStory {
  key: string;
  /** The agency's demo key. */
  agency: string;
  /** The agency's local time zone: visit times read as a working day there. */
  timeZone: string;
  /** Hours before now it was posted. */
  postedHoursAgo: number;
  referral: Omit<ReferralInput, 'startBy'> & { startInDays: number };
  answers: DemoAnswer[];
  /** The agency's counter offer to one answer, right after the answers. */
  counter?: { therapist: string; rates: ServiceRates; note: string };
  end: StoryEnd;
  patient?: PatientInput;
  visits?: DemoVisit[];
  /** What the agency writes when it returns a visit's notes. */
  returnMessage?: string;
}

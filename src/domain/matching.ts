import { serviceTypes, type AccountStatus, type Discipline, type ServiceTypeId } from './accounts';
import { credentialKindNames, credentialProblems, isCurrent, type CredentialForJudging, type CredentialKind } from './credentials';
import { greatCircleMiles, type GeoPoint } from './geo';
import { servicesNotCovered, type ReferralDiscipline } from './service-eligibility';
import { lateNotesProblem, lateNotesSummary, suspensionProblem, type LateNotes, type LateNotesLimits, type Suspension } from './work-standing';

/**
 * The matching rule (DESIGN section 3) as one pure function that explains itself: every
 * rule is evaluated, never short-circuited, so a manager can see all the reasons a therapist was or
 * was not eligible for a referral, not just the first.
 */

export const eligibilityRules = [
  'approved',
  'available',
  'discipline',
  'credentials',
  'documentation',
  'radius',
] as const;
export type EligibilityRule = (typeof eligibilityRules)[number];

export type EligibilityCheck = { rule: EligibilityRule; passed: boolean; detail: string };

export type TherapistForMatching = {
  status: AccountStatus;
  suspension: Suspension;
  availableForReferrals: boolean;
  disciplines: readonly Discipline[];
  /** Every credential on file, whatever its status: the rule explains the ones that do not count. */
  credentials: readonly CredentialForJudging[];
  lateNotes: LateNotes;
  /** The centroid of the therapist's ZIP. */
  location: GeoPoint | null;
  serviceRadiusMiles: number;
};

export type ReferralForMatching = {
  discipline: ReferralDiscipline;
  services: readonly ServiceTypeId[];
  patientState: string;
  /** The centroid of the patient's ZIP. */
  patientLocation: GeoPoint;
};

/** What the configuration says a therapist needs (REQUIRED_CREDENTIALS, LATE_NOTES_*). */
export type MatchingPolicy = {
  requiredCredentials: readonly CredentialKind[];
  lateNotes: LateNotesLimits;
};

export type Eligibility = {
  eligible: boolean;
  /** Rounded to a tenth of a mile; null when the therapist has no location on file. */
  distanceMiles: number | null;
  checks: EligibilityCheck[];
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const serviceName = (id: ServiceTypeId) => serviceTypes.find((service) => service.id === id)?.name ?? id;

// Spoken as letters, so "an OT", "an ST" but "a PT".
const referralArticle: Record<ReferralDiscipline, string> = { PT: 'a PT', OT: 'an OT', ST: 'an ST' };

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

function checkApproved(therapist: TherapistForMatching): EligibilityCheck {
  const problems: string[] = [];
  if (therapist.status === 'pending') problems.push('Awaiting approval');
  if (therapist.status === 'rejected') problems.push('Account rejected');
  const suspended = suspensionProblem(therapist.suspension);
  if (suspended) problems.push(suspended);
  return problems.length === 0
    ? { rule: 'approved', passed: true, detail: 'Approved' }
    : { rule: 'approved', passed: false, detail: problems.join('; ') };
}

function checkAvailable(therapist: TherapistForMatching): EligibilityCheck {
  return therapist.availableForReferrals
    ? { rule: 'available', passed: true, detail: 'Available for new referrals' }
    : { rule: 'available', passed: false, detail: 'Not taking new referrals' };
}

function checkDiscipline(therapist: TherapistForMatching, referral: ReferralForMatching): EligibilityCheck {
  const held = therapist.disciplines.length > 0 ? therapist.disciplines.join('/') : null;
  if (!held) return { rule: 'discipline', passed: false, detail: 'No discipline on file' };
  if (referral.services.length === 0) {
    return { rule: 'discipline', passed: false, detail: 'The referral lists no services' };
  }
  const missing = servicesNotCovered(therapist.disciplines, referral.discipline, referral.services);
  const onReferral = `on ${referralArticle[referral.discipline]} referral`;
  return missing.length === 0
    ? {
        rule: 'discipline',
        passed: true,
        detail: `${held} can take ${listOf(referral.services.map(serviceName))} ${onReferral}`,
      }
    : {
        rule: 'discipline',
        passed: false,
        detail: `${held} cannot take ${listOf(missing.map(serviceName))} ${onReferral}`,
      };
}

function currentLicenseIn(therapist: TherapistForMatching, patientState: string, today: string): CredentialForJudging | undefined {
  const current = therapist.credentials.filter(
    (c) => c.kind === 'state_license' && c.issuer?.trim().toUpperCase() === patientState && isCurrent(c, today),
  );
  // The one valid longest (no expiry date counts as longest) is the one worth naming.
  return current.sort((a, b) => (b.expiresOn ?? '9999-12-31').localeCompare(a.expiresOn ?? '9999-12-31'))[0];
}

/** "State license TX verified, valid until 2030-12-31; NPI, CPR/BLS certification, … verified". */
function credentialsHeld(therapist: TherapistForMatching, required: readonly CredentialKind[], patientState: string, today: string): string {
  const parts: string[] = [];
  if (required.includes('state_license')) {
    const license = currentLicenseIn(therapist, patientState, today);
    const compact = license?.compactPrivilege ? ' (compact privilege)' : '';
    const until = license?.expiresOn ? (license.expiresOn === today ? `, expires today (${today})` : `, valid until ${license.expiresOn}`) : '';
    parts.push(`State license ${patientState}${compact} verified${until}`);
  }
  const others = required.filter((kind) => kind !== 'state_license').map((kind) => credentialKindNames[kind]);
  if (others.length > 0) parts.push(`${others.join(', ')} verified`);
  return parts.length === 0 ? 'No credentials required' : parts.join('; ');
}

function checkCredentials(therapist: TherapistForMatching, referral: ReferralForMatching, policy: MatchingPolicy, today: string): EligibilityCheck {
  const patientState = referral.patientState.trim().toUpperCase();
  const required = policy.requiredCredentials;
  const problems = credentialProblems({ credentials: therapist.credentials, required, patientState, today });
  return problems.length === 0
    ? { rule: 'credentials', passed: true, detail: credentialsHeld(therapist, required, patientState, today) }
    : { rule: 'credentials', passed: false, detail: problems.map((problem) => problem.message).join('; ') };
}

function checkDocumentation(therapist: TherapistForMatching, policy: MatchingPolicy): EligibilityCheck {
  const problem = lateNotesProblem(therapist.lateNotes, policy.lateNotes);
  if (problem) return { rule: 'documentation', passed: false, detail: problem };
  const late = lateNotesSummary(therapist.lateNotes);
  return { rule: 'documentation', passed: true, detail: late ? `${late}, within the limit` : 'No visit notes overdue' };
}

function checkRadius(therapist: TherapistForMatching, distanceMiles: number | null): EligibilityCheck {
  if (distanceMiles === null) {
    return { rule: 'radius', passed: false, detail: 'No ZIP location on file for the therapist' };
  }
  const radius = therapist.serviceRadiusMiles;
  const away = `${distanceMiles.toFixed(1)} miles away`;
  if (!Number.isFinite(radius) || radius <= 0) {
    return { rule: 'radius', passed: false, detail: `${away}, no service radius set` };
  }
  return distanceMiles <= radius
    ? { rule: 'radius', passed: true, detail: `${away}, radius ${radius} miles` }
    : { rule: 'radius', passed: false, detail: `${away}, outside the ${radius}-mile radius` };
}

/**
 * Whether `therapist` may be offered `referral` on `today` (YYYY-MM-DD, in the business's time
 * zone), with one check per rule in a fixed order. The distance is rounded to a tenth of a mile
 * before it is compared with the radius, so the figure a manager reads is the figure that was judged
 * (ZIP centroids are nowhere near that precise anyway); exactly at the radius is within it.
 * Throws when `today` is not a valid date, which is a programming error rather than bad data.
 */
export function evaluateEligibility(input: {
  therapist: TherapistForMatching;
  referral: ReferralForMatching;
  policy: MatchingPolicy;
  today: string;
}): Eligibility {
  const { therapist, referral, policy, today } = input;
  if (!isIsoDate(today)) throw new Error(`evaluateEligibility: today must be YYYY-MM-DD, got "${today}"`);

  const distanceMiles = therapist.location
    ? Math.round(greatCircleMiles(therapist.location, referral.patientLocation) * 10) / 10
    : null;

  const checks = [
    checkApproved(therapist),
    checkAvailable(therapist),
    checkDiscipline(therapist, referral),
    checkCredentials(therapist, referral, policy, today),
    checkDocumentation(therapist, policy),
    checkRadius(therapist, distanceMiles),
  ];
  return { eligible: checks.every((check) => check.passed), distanceMiles, checks };
}

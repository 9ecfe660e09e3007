import { z } from 'zod';

/**
 * A therapist's credentials (issue 13): each kind, its life cycle, which kinds a therapist needs
 * to take referrals, and the one pure judgement every gate uses (offers, confirming a match,
 * checking in to a visit, the manager's eligibility view), so they all name the same credential
 * for the same reason. No I/O.
 */

export const credentialKinds = [
  'state_license',
  'npi',
  'cpr_bls',
  'liability_insurance',
  'tb_test',
  'background_check',
  'drivers_license',
  'auto_insurance',
] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export const credentialKindNames: Record<CredentialKind, string> = {
  state_license: 'State license',
  npi: 'NPI',
  cpr_bls: 'CPR/BLS certification',
  liability_insurance: 'Professional liability insurance',
  tb_test: 'TB test',
  background_check: 'Background check',
  drivers_license: "Driver's license",
  auto_insurance: 'Auto insurance',
};

/** submitted → verified | rejected (with a reason); verified → expired (the daily job) or back to submitted (changed). */
export const credentialStatuses = ['submitted', 'verified', 'rejected', 'expired'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];

/** How a manager (or a primary-source check) verified a credential. */
export const verificationMethods = ['board_lookup', 'document', 'nppes', 'override'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];

/** The default of `REQUIRED_CREDENTIALS`: what a therapist needs to take referrals. */
export const defaultRequiredCredentialKinds: readonly CredentialKind[] = [
  'state_license',
  'npi',
  'cpr_bls',
  'liability_insurance',
  'background_check',
];

/** Reminders go out this many days before a credential's expiry date (0 = on the day). */
export const expiryReminderDays = [60, 30, 7, 0] as const;

/** The part of a credential the gates read. Dates are YYYY-MM-DD; the expiry date is the last valid day. */
export type CredentialForJudging = {
  kind: CredentialKind;
  status: CredentialStatus;
  /** For a state license: the USPS code of the state (or of the compact privilege's state). */
  issuer: string | null;
  expiresOn: string | null;
  compactPrivilege?: boolean;
};

export type CredentialProblem = { kind: CredentialKind; message: string };

const stateOf = (credential: CredentialForJudging) => credential.issuer?.trim().toUpperCase() ?? '';

/** Verified and not past its expiry date (the last valid day) on `today`. */
export function isCurrent(credential: CredentialForJudging, today: string): boolean {
  return credential.status === 'verified' && (credential.expiresOn === null || credential.expiresOn >= today);
}

function whyNotCurrent(name: string, candidates: CredentialForJudging[], today: string): string {
  if (candidates.length === 0) return `${name}: none on file`;
  const expired = candidates.find((c) => c.status === 'expired' || (c.status === 'verified' && c.expiresOn !== null && c.expiresOn < today));
  if (expired) return `${name}: expired ${expired.expiresOn ?? ''}`.trim();
  if (candidates.some((c) => c.status === 'submitted')) return `${name}: awaiting verification`;
  return `${name}: rejected`;
}

/**
 * What keeps a therapist from working a referral in `patientState` on `today`: one problem per
 * required kind that has no verified, unexpired credential (for the state license, one issued by the
 * patient's state or a compact privilege there). Empty when nothing is missing. The message names
 * the credential, e.g. "State license (TX): expired 2026-11-20".
 */
export function credentialProblems(input: {
  credentials: readonly CredentialForJudging[];
  required: readonly CredentialKind[];
  patientState: string;
  today: string;
}): CredentialProblem[] {
  const { credentials, required, today } = input;
  const patientState = input.patientState.trim().toUpperCase();
  const problems: CredentialProblem[] = [];
  for (const kind of required) {
    const ofKind = credentials.filter((c) => c.kind === kind);
    if (kind === 'state_license') {
      const inState = ofKind.filter((c) => stateOf(c) === patientState);
      if (!inState.some((c) => isCurrent(c, today))) {
        problems.push({ kind, message: whyNotCurrent(`State license (${patientState})`, inState, today) });
      }
      continue;
    }
    if (!ofKind.some((c) => isCurrent(c, today))) {
      problems.push({ kind, message: whyNotCurrent(credentialKindNames[kind], ofKind, today) });
    }
  }
  return problems;
}

/** Days from `today` to `expiresOn` (both YYYY-MM-DD); negative once past. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder due for a credential expiring on `expiresOn`, judged on `today`: the smallest
 * threshold in `expiryReminderDays` the credential has reached, or null when none has been reached
 * or the date is past. A reminder already sent for that threshold is the caller's to skip.
 */
export function expiryReminderDue(expiresOn: string, today: string): (typeof expiryReminderDays)[number] | null {
  const days = daysUntil(expiresOn, today);
  if (days < 0) return null;
  const reached = expiryReminderDays.filter((threshold) => days <= threshold);
  return reached.length === 0 ? null : (reached.at(-1) ?? null);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 2026" from a YYYY-MM-DD date (or an ISO timestamp). */
export function monthYear(isoDate: string): string {
  const [year, month] = isoDate.slice(0, 10).split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${year ?? ''}`.trim();
}

export type CredentialForBadge = CredentialForJudging & { verifiedAt: string | null };

/**
 * What the badge says is verified, never a bare "Verified": "License TX verified Nov 2026 · NPI ·
 * Background check". Only current (verified, unexpired) credentials count; null when none is.
 */
export function verifiedBadge(credentials: readonly CredentialForBadge[], today: string): string | null {
  const current = credentials.filter((c) => isCurrent(c, today));
  const parts: string[] = [];
  const licenses = current.filter((c) => c.kind === 'state_license');
  for (const license of licenses) {
    const when = license.verifiedAt ? ` verified ${monthYear(license.verifiedAt)}` : ' verified';
    parts.push(`License ${stateOf(license)}${license.compactPrivilege ? ' (compact)' : ''}${when}`);
  }
  if (current.some((c) => c.kind === 'npi')) parts.push('NPI');
  if (current.some((c) => c.kind === 'background_check')) parts.push('Background check');
  return parts.length === 0 ? null : parts.join(' · ');
}

export const CREDENTIAL_NUMBER_MAX = 40;
export const CREDENTIAL_ISSUER_MAX = 80;
export const CREDENTIAL_REASON_MAX = 500;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD');

/** What a therapist submits for one credential (the document travels separately, as the upload body). */
export const credentialInputSchema = z
  .object({
    kind: z.enum(credentialKinds, { message: 'Please choose the kind of credential' }),
    number: z.string().trim().max(CREDENTIAL_NUMBER_MAX, `Please keep the number under ${CREDENTIAL_NUMBER_MAX} characters`).default(''),
    issuer: z.string().trim().max(CREDENTIAL_ISSUER_MAX, `Please keep the issuer under ${CREDENTIAL_ISSUER_MAX} characters`).default(''),
    compactPrivilege: z.boolean().default(false),
    issuedOn: isoDate.nullable().default(null),
    expiresOn: isoDate.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.issuedOn && value.expiresOn && value.expiresOn < value.issuedOn) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'The expiry date must be after the issue date' });
    }
  });
export type CredentialInput = z.infer<typeof credentialInputSchema>;

export const credentialMessages = {
  notFound: 'No credential was found with this id.',
  alreadyReviewed: 'This credential has already been reviewed or changed since.',
  cannotReviewSelf: 'You cannot verify your own credential.',
  rejectReasonRequired: 'Please give a reason for rejecting',
  verificationSourceRequired: 'Please say how you verified it (the board lookup URL or the document)',
  overrideReasonRequired: 'Please give a reason for approving without every required credential verified',
} as const;

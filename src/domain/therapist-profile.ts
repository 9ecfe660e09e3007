import { z } from 'zod';
import { disciplines } from './accounts';
import { credentialKinds } from './credentials';

/**
 * What agencies read about a therapist beyond their license (issue 13): experience, care settings,
 * specialties, languages and a short bio, collected in onboarding's "About you" step and editable in
 * settings; and the profile page an agency opens from a response, a match or its Therapists list.
 * The date of birth is asked here too, for the OIG exclusion check only: it is never shown to an
 * agency. No I/O.
 */

export const careSettings = ['Home health', 'Outpatient', 'Skilled nursing', 'Acute care', 'Inpatient rehab', 'Pediatrics', 'Hospice', 'Assisted living'] as const;

export const specialties = [
  'Orthopedics',
  'Neurology',
  'Wound care',
  'Vestibular',
  'Dysphagia',
  'Cardiopulmonary',
  'Geriatrics',
  'Pediatrics',
  'Lymphedema',
  'Fall prevention',
  'Stroke rehab',
  'Joint replacement',
  'Cognitive rehab',
  'Aphasia',
] as const;

export const languages = [
  'English',
  'Spanish',
  'Chinese',
  'Vietnamese',
  'Tagalog',
  'Arabic',
  'French',
  'Haitian Creole',
  'Korean',
  'Russian',
  'Portuguese',
  'Hindi',
  'American Sign Language',
] as const;

export const BIO_MAX = 600;
export const YEARS_EXPERIENCE_MAX = 60;
/** A therapist is licensed, so an adult; a date of birth before this many years ago is a typo. */
export const AGE_RANGE = { min: 18, max: 100 } as const;

export const profileDetailsMessages = {
  yearsExperience: `Please enter your years of experience as a whole number from 0 to ${YEARS_EXPERIENCE_MAX}`,
  careSettings: 'Please choose at least one care setting from the list',
  specialties: 'Please choose your specialties from the list',
  languages: 'Please choose at least one language you treat patients in',
  bio: `Please keep your bio to ${BIO_MAX} characters`,
  dateOfBirth: `Please enter your date of birth (you must be ${AGE_RANGE.min} to ${AGE_RANGE.max})`,
} as const;

/** YYYY-MM-DD, `years` years before `today` (also YYYY-MM-DD). */
const yearsBefore = (today: string, years: number) => `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4)}`;

/** Whether `value` is a real calendar date on which someone is now AGE_RANGE old. */
export function isPlausibleDateOfBirth(value: string, today: string = new Date().toISOString().slice(0, 10)): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) return false;
  return value <= yearsBefore(today, AGE_RANGE.min) && value > yearsBefore(today, AGE_RANGE.max);
}

/** A choice of `values`; an unknown item is reported on the list itself, the field the form shows. */
const listOf = (values: readonly string[], message: string) =>
  z
    .array(z.string({ error: message }).max(60, message), { error: message })
    .max(values.length * 2, message)
    .refine((list) => list.every((item) => values.includes(item)), message)
    .transform((list) => [...new Set(list)]);

/** PUT /api/therapist/profile-details: one schema for the route, the onboarding step and the settings form. */
export const profileDetailsSchema = z.object({
  yearsExperience: z
    .number({ error: profileDetailsMessages.yearsExperience })
    .int(profileDetailsMessages.yearsExperience)
    .min(0, profileDetailsMessages.yearsExperience)
    .max(YEARS_EXPERIENCE_MAX, profileDetailsMessages.yearsExperience),
  careSettings: listOf(careSettings, profileDetailsMessages.careSettings).refine((list) => list.length > 0, profileDetailsMessages.careSettings),
  specialties: listOf(specialties, profileDetailsMessages.specialties),
  languages: listOf(languages, profileDetailsMessages.languages).refine((list) => list.length > 0, profileDetailsMessages.languages),
  bio: z.string({ error: profileDetailsMessages.bio }).trim().max(BIO_MAX, profileDetailsMessages.bio),
  dateOfBirth: z.string({ error: profileDetailsMessages.dateOfBirth }).refine((value) => isPlausibleDateOfBirth(value), profileDetailsMessages.dateOfBirth),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;

/** GET /api/therapist/profile-details: what is saved; null where nothing is yet. */
export const profileDetailsStateSchema = z.object({
  yearsExperience: z.number().int().nullable(),
  careSettings: z.array(z.string()),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  bio: z.string(),
  dateOfBirth: z.string().nullable(),
});
export type ProfileDetailsState = z.infer<typeof profileDetailsStateSchema>;

// ---------------------------------------------------------------------------------------------
// The profile page an agency (or a manager) reads.

/** A verified, unexpired credential as an agency sees it: never its document, and a number only for the license and NPI. */
export const profileCredentialSchema = z.object({
  kind: z.enum(credentialKinds),
  name: z.string(),
  /** The license number or the NPI; null for every other kind. */
  number: z.string().nullable(),
  /** The state of a license (or compact privilege); the issuer's name otherwise. */
  issuer: z.string(),
  compactPrivilege: z.boolean(),
  verifiedAt: z.string().nullable(),
  expiresOn: z.string().nullable(),
});
export type ProfileCredential = z.infer<typeof profileCredentialSchema>;

export const reliabilityViewSchema = z.object({
  /** Null when there are too few visits to score. */
  score: z.number().int().nullable(),
  visitsDue: z.number().int(),
  asScheduled: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  notesDue: z.number().int(),
  notesOnTime: z.number().int(),
  cancelledAfterConfirm: z.number().int(),
  /** The one sentence shown with the score, parts included. */
  summary: z.string(),
});

export const therapistProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  disciplines: z.array(z.enum(disciplines)),
  /** What is verified, in words (domain/credentials.ts `verifiedBadge`); null when nothing is. */
  badge: z.string().nullable(),
  credentials: z.array(profileCredentialSchema),
  yearsExperience: z.number().int().nullable(),
  careSettings: z.array(z.string()),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  bio: z.string(),
  platform: z.object({
    visitsCompleted: z.number().int(),
    /** Share of signed notes signed within the note deadline, 0–100; null with none due. */
    onTimeDocumentationRate: z.number().int().nullable(),
    /** Share of confirmed visits the therapist cancelled, 0–100; null with none. */
    cancellationRate: z.number().int().nullable(),
  }),
  reliability: reliabilityViewSchema,
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** This agency's own history with the therapist; null for a manager, who reads as no agency. */
  withYou: z
    .object({
      referralsTogether: z.number().int(),
      visitsCompleted: z.number().int(),
      lastVisitAt: z.string().nullable(),
    })
    .nullable(),
});
export type TherapistProfile = z.infer<typeof therapistProfileSchema>;

export const therapistProfileMessages = {
  notFound: 'No therapist you have worked with was found with this id.',
} as const;

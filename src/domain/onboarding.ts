import { z } from 'zod';
import { accountStatuses, serviceTypes, type ServiceTypeId } from './accounts';
import { businessToday } from './business-date';
import { credentialReviewSchema } from './credential-changes';
import { isValidNpi } from './npi';
import { timeZoneSchema } from './time-zones';
import { usStateCodes } from './us-states';

/** Onboarding (seed sections 2, 3 and 9): professional information, then rates for therapists. */

export const ONBOARDING_STEPS = 2;
export const MAX_RATE = 1000;
export const SERVICE_RADIUS_MILES = { min: 1, max: 100 } as const;

export const onboardingMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  npi: 'Please enter a valid 10-digit NPI',
  licenseNumber: 'License number is required',
  licenseState: 'License state is required',
  licenseExpiryRequired: 'License expiry is required',
  licenseExpiryInvalid: 'Please enter a valid date',
  licenseExpiryPast: 'License expiry cannot be in the past',
  rateRequired: 'Enter a rate in dollars',
  ratePositive: 'Rate must be more than $0',
  rateMax: `Rate cannot be more than $${MAX_RATE.toLocaleString('en-US')}`,
  rateCents: 'Use at most 2 decimal places',
  radiusRequired: 'Service radius is required',
  radiusWhole: 'Service radius must be a whole number of miles',
  radiusRange: `Service radius must be between ${SERVICE_RADIUS_MILES.min} and ${SERVICE_RADIUS_MILES.max} miles`,
  noAccount: 'Choose agency or therapist first',
  managers: 'Managers do not complete onboarding.',
  wrongType: 'This does not match your account type.',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (so 2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * The earliest calendar date anyone is living in right now: the date at UTC−12 ("anywhere on
 * earth"). Browser and server share this rule, so a license expiring "today" in the user's own time
 * zone is never refused by a server whose clock is already on tomorrow.
 */
export function earliestCurrentDate(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

const licenseExpiry = z
  .string({ error: onboardingMessages.licenseExpiryRequired })
  .trim()
  .min(1, onboardingMessages.licenseExpiryRequired)
  .refine(isCalendarDate, onboardingMessages.licenseExpiryInvalid)
  // Judged by the same "today" as matching, confirming and checking in (the business's date, not
  // "anywhere on earth"), so a license already lapsed there cannot be entered and then silently
  // never match. ISO dates compare correctly as strings; evaluated at validation time.
  .refine((value) => !isCalendarDate(value) || value >= businessToday(), onboardingMessages.licenseExpiryPast);

/** Step 1, the same fields for everyone (for agencies: the contact person and the agency's NPI and license). */
export const professionalInfoSchema = z.object({
  firstName: required(onboardingMessages.firstName, 100),
  lastName: required(onboardingMessages.lastName, 100),
  npiNumber: z
    .string({ error: onboardingMessages.npi })
    .trim()
    .refine(isValidNpi, onboardingMessages.npi),
  licenseNumber: required(onboardingMessages.licenseNumber, 50),
  licenseState: z.enum(usStateCodes, { error: onboardingMessages.licenseState }),
  licenseExpiry,
  /**
   * The zone every time is shown in, saved on the account. The form always sends it (prefilled
   * from the browser); an API client that leaves it out keeps the zone already saved.
   */
  timeZone: timeZoneSchema.optional(),
});
export type ProfessionalInfoInput = z.input<typeof professionalInfoSchema>;
export const professionalInfoFields = Object.keys(professionalInfoSchema.shape) as Array<keyof typeof professionalInfoSchema.shape>;

/** Whole cents: 150, 99.5 and 99.99 pass, 99.999 does not (tolerant of binary floating point). */
function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const rate = z
  .number({ error: onboardingMessages.rateRequired })
  .positive(onboardingMessages.ratePositive)
  .max(MAX_RATE, onboardingMessages.rateMax)
  .refine(hasAtMostTwoDecimals, onboardingMessages.rateCents);

/** One rate per service type; the keys are the service ids so field errors read `rates.evaluation`. */
export const ratesSchema = z.object({
  evaluation: rate,
  treatment: rate,
  progress_report: rate,
  discharge: rate,
} satisfies Record<ServiceTypeId, typeof rate>);
export type Rates = z.infer<typeof ratesSchema>;

export const serviceRadiusSchema = z
  .number({ error: onboardingMessages.radiusRequired })
  .int(onboardingMessages.radiusWhole)
  .min(SERVICE_RADIUS_MILES.min, onboardingMessages.radiusRange)
  .max(SERVICE_RADIUS_MILES.max, onboardingMessages.radiusRange);

export const therapistOnboardingSchema = professionalInfoSchema.extend({
  userType: z.literal('therapist'),
  rates: ratesSchema,
  serviceRadiusMiles: serviceRadiusSchema,
});

export type TherapistOnboardingInput = z.input<typeof therapistOnboardingSchema>;

/** Agencies have no step-2 fields; unknown keys (such as rates) are dropped by zod, never saved. */
export const agencyOnboardingSchema = professionalInfoSchema.extend({
  userType: z.literal('agency'),
});

/**
 * PUT /api/onboarding and the onboarding form. `userType` only selects the shape; the server
 * checks it against the signed-in user's account and never takes the type from the body.
 */
export const onboardingSchema = z.discriminatedUnion('userType', [therapistOnboardingSchema, agencyOnboardingSchema], {
  error: onboardingMessages.wrongType,
});
export type OnboardingInput = z.input<typeof onboardingSchema>;
export type Onboarding = z.output<typeof onboardingSchema>;
export type OnboardingUserType = Onboarding['userType'];

const serviceTypeIds = serviceTypes.map((s) => s.id) as [ServiceTypeId, ...ServiceTypeId[]];

export const defaultRates: Rates = Object.fromEntries(serviceTypes.map((s) => [s.id, s.defaultRate])) as Rates;

/** GET /api/onboarding: what is saved so far, to prefill the form (empty strings where nothing is known). */
export const onboardingStateSchema = z.object({
  userType: z.enum(['therapist', 'agency']),
  status: z.enum(accountStatuses),
  /** The agency's name, for the page's wording; null for therapists. */
  companyName: z.string().nullable(),
  /** True once professional information has been saved. */
  completed: z.boolean(),
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    npiNumber: z.string(),
    licenseNumber: z.string(),
    licenseState: z.string(),
    licenseExpiry: z.string(),
  }),
  /** The account's chosen time zone; null until one is chosen (the form then offers the browser's). */
  timeZone: z.string().nullable(),
  /**
   * The latest credential change made after approval, while it awaits review or once rejected;
   * null when there is none. `profile` shows a pending change, not the credential still in force.
   */
  credentialReview: credentialReviewSchema.nullable(),
  /** Therapists only: the services with their names, in display order, and the saved or default rates. */
  services: z.array(z.object({ id: z.enum(serviceTypeIds), name: z.string(), defaultRate: z.number() })),
  rates: ratesSchema.nullable(),
  serviceRadiusMiles: z.number().int().nullable(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

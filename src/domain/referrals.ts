import { z } from 'zod';
import { disciplines, serviceTypes, type ServiceTypeId } from './accounts';
import { earliestCurrentDate, isCalendarDate, MAX_RATE } from './onboarding';
import { referralDisciplines } from './service-eligibility';
import { urgencies } from './referral-urgency';
import { visitFrequencySchema } from './visit-frequency';

/**
 * Referrals: what an agency posts, how therapists answer, and what each side sees.
 * One set of schemas serves the forms and the API, so a message the form shows is the message the
 * server sends.
 */

export { urgencies, urgencyLabels, type Urgency } from './referral-urgency';

export const referralStatuses = ['draft', 'posted', 'matched', 'in_progress', 'completed', 'cancelled', 'expired'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

/** How long an offer stays open once posted, in hours (the form offers these). */
export const offerWindows = [
  { hours: 4, label: '4 hours' },
  { hours: 12, label: '12 hours' },
  { hours: 24, label: '1 day' },
  { hours: 48, label: '2 days' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '1 week' },
] as const;
export const offerWindowHours = offerWindows.map((w) => w.hours);
export const MAX_VISITS_PER_SERVICE = 60;

export const rateRequestReasons = ['complex_case', 'long_distance', 'other'] as const;
export type RateRequestReason = (typeof rateRequestReasons)[number];
export const rateRequestReasonLabels: Record<RateRequestReason, string> = {
  complex_case: 'Complex case',
  long_distance: 'Long distance',
  other: 'Other',
};

/**
 * A therapist's answer to a referral:
 * - accepted: at the offered rates, or at the agency's counter once the therapist took it;
 * - rate_requested: asks for higher rates, with a reason; the agency may confirm it or counter;
 * - countered: the agency offered other rates; the therapist accepts (→ accepted) or declines;
 * - declined, withdrawn: no longer in the running (a withdrawn response can be made again);
 * - confirmed: this therapist was matched; not_selected: someone else was.
 */
export const responseStatuses = ['accepted', 'rate_requested', 'countered', 'declined', 'withdrawn', 'confirmed', 'not_selected'] as const;
export type ResponseStatus = (typeof responseStatuses)[number];

export const referralMessages = {
  discipline: 'Choose the discipline the patient needs',
  servicesRequired: 'Choose at least one service',
  visitCount: `Enter a number of visits from 1 to ${MAX_VISITS_PER_SERVICE}`,
  zip: 'Enter the patient’s 5-digit ZIP code',
  zipUnknown: 'We could not find this ZIP code',
  startBy: 'Enter a start-by date',
  startByPast: 'The start-by date cannot be in the past',
  orderedStartOfCare: 'Enter the start-of-care date the physician ordered, or leave it empty',
  orderedStartOfCarePast: 'The ordered start-of-care date cannot be in the past',
  urgency: 'Choose how urgent this is',
  summaryRequired: 'Describe the clinical need',
  summaryLength: 'Keep the clinical summary under 2,000 characters',
  summaryIdentifiers:
    'The clinical summary must not identify the patient: remove names, dates of birth, phone numbers, addresses and record numbers',
  rate: 'Enter a rate in dollars',
  ratePositive: 'Rate must be more than $0',
  rateMax: `Rate cannot be more than $${MAX_RATE.toLocaleString('en-US')}`,
  rateCents: 'Use at most 2 decimal places',
  offerWindow: 'Choose how long the offer stays open',
  cancelReason: 'Give a reason for cancelling',
  rateRequestReason: 'Choose a reason for the higher rate',
  rateRequestHigher: 'Ask for more than the offered rate on at least one service',
  rateRequestNote: 'Explain the reason in a few words',
  counterHigher: 'A counter offer must differ from what the therapist asked',
} as const;

/** Whole cents, as the onboarding rates (tolerant of binary floating point). */
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const rateSchema = z
  .number({ error: referralMessages.rate })
  .positive(referralMessages.ratePositive)
  .max(MAX_RATE, referralMessages.rateMax)
  .refine(hasAtMostTwoDecimals, referralMessages.rateCents);

const serviceTypeIds = serviceTypes.map((s) => s.id) as [ServiceTypeId, ...ServiceTypeId[]];
export const serviceTypeIdSchema = z.enum(serviceTypeIds);

export const referralServiceSchema = z.object({
  serviceId: serviceTypeIdSchema,
  visitCount: z
    .number({ error: referralMessages.visitCount })
    .int(referralMessages.visitCount)
    .min(1, referralMessages.visitCount)
    .max(MAX_VISITS_PER_SERVICE, referralMessages.visitCount),
  offeredRate: rateSchema,
});
export type ReferralService = z.infer<typeof referralServiceSchema>;

/**
 * Patterns that identify a person, refused in the clinical summary (a referral is seen by every
 * eligible therapist before any match, so it must carry nothing that identifies the patient). This
 * catches the common slips; the form also says so plainly. Each must run in linear time: no unbounded
 * quantifier followed by one matching the same characters, which retries every split of a long run
 * (quadratic). Only whether one matches counts, so each asks for the least text that proves it.
 */
const identifierPatterns: RegExp[] = [
  /\b\d{3}[-.\s]?\d{2}[-.\s]?\d{4}\b/, // SSN
  /\(?\b\d{3}\)?[-.\s]?\d{3}[-.\s]?\d{4}\b/, // phone
  /\b\d{1,2}[/-]\d{1,2}[/-](?:19|20)?\d{2}\b/, // dates such as 3/14/1948
  /\b(?:19|20)\d{2}-\d{2}-\d{2}\b/, // ISO dates
  /[\w.+-]@[\w-]+\.[\w.]/, // email
  /\b(?:DOB|D\.O\.B|date of birth|MRN|medical record|SSN|social security)\b/i,
  /\b(?:Mr|Mrs|Ms|Miss)\.?\s+[A-Z][a-z]/, // titled names
  /\b\d{1,5}\s+\w+(?:\s+\w+)?\s+(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Dr|Drive|Ln|Lane|Ct|Court|Way)\b\.?/i, // street address
];

export function looksIdentifying(text: string): boolean {
  return identifierPatterns.some((pattern) => pattern.test(text));
}

export const ZIP_PATTERN = /^\d{5}$/;

/** The agency's referral form and POST/PUT /api/referrals. The server also checks the ZIP exists. */
export const referralInputSchema = z
  .object({
    discipline: z.enum(referralDisciplines, { error: referralMessages.discipline }),
    services: z.array(referralServiceSchema).min(1, referralMessages.servicesRequired),
    patientZip: z.string({ error: referralMessages.zip }).trim().regex(ZIP_PATTERN, referralMessages.zip),
    visitFrequency: visitFrequencySchema,
    startBy: z
      .string({ error: referralMessages.startBy })
      .trim()
      .refine(isCalendarDate, referralMessages.startBy)
      .refine((value) => !isCalendarDate(value) || value >= earliestCurrentDate(), referralMessages.startByPast),
    /**
     * The start-of-care date the physician ordered, when there is one: the evaluation is due on it
     * instead of within 48 hours of posting (care-clocks.ts). Empty means none (the form's blank field).
     */
    orderedStartOfCare: z
      .string({ error: referralMessages.orderedStartOfCare })
      .trim()
      .refine((value) => value === '' || isCalendarDate(value), referralMessages.orderedStartOfCare)
      .refine((value) => !isCalendarDate(value) || value >= earliestCurrentDate(), referralMessages.orderedStartOfCarePast)
      .optional(),
    urgency: z.enum(urgencies, { error: referralMessages.urgency }),
    clinicalSummary: z
      .string({ error: referralMessages.summaryRequired })
      .trim()
      .min(1, referralMessages.summaryRequired)
      // zod runs later checks after a failed one unless told to abort: patterns read bounded text only.
      .max(2000, { error: referralMessages.summaryLength, abort: true })
      .refine((text) => !looksIdentifying(text), referralMessages.summaryIdentifiers),
    offerOpenHours: z.number({ error: referralMessages.offerWindow }).refine((h) => (offerWindowHours as number[]).includes(h), referralMessages.offerWindow),
    /** The first acceptance within the offered rates is matched automatically. */
    instantConfirm: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.services.forEach((service, index) => {
      if (seen.has(service.serviceId)) {
        ctx.addIssue({ code: 'custom', path: ['services', index, 'serviceId'], message: 'Each service appears once' });
      }
      seen.add(service.serviceId);
    });
  });
export type ReferralInput = z.input<typeof referralInputSchema>;
export type ReferralFields = z.output<typeof referralInputSchema>;

/** POST /api/referrals: the fields, and whether to post at once or keep a draft. */
export const createReferralSchema = z.object({ referral: referralInputSchema, post: z.boolean().default(false) });

export const cancelReferralSchema = z.object({
  reason: z.string({ error: referralMessages.cancelReason }).trim().min(1, referralMessages.cancelReason).max(500),
});

/** Rates per service id, for a rate request or a counter offer (only services on the referral). */
// partialRecord: zod 4's record with enum keys demands every key, but a referral names only some services.
export const serviceRatesSchema = z.partialRecord(serviceTypeIdSchema, rateSchema);
export type ServiceRates = Partial<Record<ServiceTypeId, number>>;

/** POST /api/therapist/referrals/:id/response */
export const respondSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('accept') }),
  z.object({
    kind: z.literal('rate_request'),
    rates: serviceRatesSchema,
    reason: z.enum(rateRequestReasons, { error: referralMessages.rateRequestReason }),
    note: z.string().trim().max(500).default(''),
  }),
  z.object({ kind: z.literal('decline'), note: z.string().trim().max(500).default('') }),
]);
export type RespondInput = z.input<typeof respondSchema>;

/** POST /api/referrals/:id/responses/:responseId/counter */
export const counterSchema = z.object({ rates: serviceRatesSchema, note: z.string().trim().max(500).default('') });

// ---- What the API answers -------------------------------------------------------------------

export const referralServiceViewSchema = z.object({
  serviceId: serviceTypeIdSchema,
  name: z.string(),
  visitCount: z.number(),
  offeredRate: z.number(),
});

/** Coarse place of the patient: the ZIP's centroid, city and state (never an address). */
export const referralPlaceSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** The fields the views of a referral are made from: its page's here, its list entries' in referral-summaries.ts. */
export const referralCoreSchema = z.object({
  id: z.string(),
  /** The short human reference's number (R-1042). */
  referenceNumber: z.number(),
  /** "R-1042 · J. Smith" for its parties at aal2 once the patient is added, "R-1042 · Austin, TX" otherwise (referral-reference.ts). */
  referenceLabel: z.string(),
  status: z.enum(referralStatuses),
  discipline: z.enum(referralDisciplines),
  services: z.array(referralServiceViewSchema),
  place: referralPlaceSchema,
  visitFrequency: z.string(),
  /** Plain English, e.g. "twice a week for 4 weeks". */
  visitFrequencyText: z.string(),
  totalVisits: z.number(),
  startBy: z.string(),
  /** The start-of-care date the physician ordered (YYYY-MM-DD), if the agency gave one. */
  orderedStartOfCare: z.string().nullable(),
  urgency: z.enum(urgencies),
  clinicalSummary: z.string(),
  offerOpenHours: z.number(),
  instantConfirm: z.boolean(),
  agencyName: z.string(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  firstResponseAt: z.string().nullable(),
  matchedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Whether patient details have been added (never the details themselves). */
  hasPatient: z.boolean(),
});

export const responseViewSchema = z.object({
  id: z.string(),
  status: z.enum(responseStatuses),
  /** What the therapist asks (offered rates for an acceptance), per service. */
  requestedRates: z.record(z.string(), z.number()),
  /** The agency's counter, while one stands or once accepted. */
  counterRates: z.record(z.string(), z.number()).nullable(),
  counterNote: z.string().nullable(),
  reason: z.enum(rateRequestReasons).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResponseView = z.infer<typeof responseViewSchema>;

/** A responding therapist as the agency sees them (professional facts, no contact details before a match). */
export const responderSchema = z.object({
  therapistId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  disciplines: z.array(z.enum(disciplines)),
  licenseState: z.string().nullable(),
  licenseExpiry: z.string().nullable(),
  /** The account's review status: 'approved' means a manager verified the credentials. */
  verificationStatus: z.string(),
  /** What is verified, in words ("License TX verified Nov 2026 · NPI · Background check"); null when nothing is. */
  badge: z.string().nullable(),
  yearsExperience: z.number().nullable(),
  distanceMiles: z.number().nullable(),
});

/** GET /api/referrals/:id (the owning agency). */
export const agencyReferralSchema = referralCoreSchema.extend({
  notifiedCount: z.number(),
  /** Minutes from posted to matched, once matched. */
  fillMinutes: z.number().nullable(),
  responses: z.array(responseViewSchema.extend({ therapist: responderSchema })),
  matchedTherapist: responderSchema.nullable(),
  /** The rates agreed at the match, per service. */
  agreedRates: z.record(z.string(), z.number()).nullable(),
});
export type AgencyReferral = z.infer<typeof agencyReferralSchema>;

/** GET /api/therapist/referrals and /:id (a therapist it was offered to, or the matched one). */
export const therapistReferralSchema = referralCoreSchema.extend({
  distanceMiles: z.number().nullable(),
  /** The therapist's own rates per service, shown next to the offered ones. */
  myRates: z.record(z.string(), z.number()),
  myResponse: responseViewSchema.nullable(),
  /** True when this therapist is the matched one. */
  matchedToMe: z.boolean(),
  hidden: z.boolean(),
});
export type TherapistReferral = z.infer<typeof therapistReferralSchema>;

/** GET /api/admin/referrals/:id/eligibility/:therapistId (managers). */
export const eligibilityViewSchema = z.object({
  referralId: z.string(),
  therapistId: z.string(),
  therapistName: z.string(),
  eligible: z.boolean(),
  notified: z.boolean(),
  distanceMiles: z.number().nullable(),
  checks: z.array(z.object({ rule: z.string(), passed: z.boolean(), detail: z.string() })),
});
export type EligibilityView = z.infer<typeof eligibilityViewSchema>;

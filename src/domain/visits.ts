import { z } from 'zod';
import { careVisitTypes } from './care-visit-types';
import { visitTypeMessages } from './visit-type-choice';
import { referenceSearchSchema } from './referral-reference';
import { urgencies } from './referrals';
import { attestationInputSchema, attestationViewSchema } from './visit-attestation';
import { EVV_MAX_DISTANCE_MILES, evvMeasuredFrom, type EvvMeasuredFrom } from './evv-distance';
import { homeLocationViewSchema } from './home-location';

export { EVV_MAX_DISTANCE_MILES };

/**
 * Visits: the states a visit moves through, and the inputs for scheduling and for
 * visit verification at the point of care. Documentation, payments and dashboards have their own
 * modules (documentation.ts, payments.ts, dashboards.ts).
 */

/** scheduled → in_progress (checked in) → completed (checked out) → documented (note signed) → approved → paid; or missed | cancelled. */
export const visitStatuses = ['scheduled', 'in_progress', 'completed', 'documented', 'approved', 'paid', 'missed', 'cancelled'] as const;
export type VisitStatus = (typeof visitStatuses)[number];

/** draft → signed → approved, or signed → returned (the therapist revises: a new version). */
export const noteStatuses = ['draft', 'signed', 'returned', 'approved', 'superseded'] as const;
export type NoteStatus = (typeof noteStatuses)[number];

/** An invoice line or payout: pending (queued with the provider) → paid; failed is retried. */
export const paymentLineStatuses = ['pending', 'processing', 'paid', 'failed'] as const;
export type PaymentLineStatus = (typeof paymentLineStatuses)[number];

/** A visit whose checked-in time is less than this share of its planned length is an exception. */
export const EVV_MIN_SHARE_OF_PLANNED_LENGTH = 0.5;
/** Visit verification exceptions the agency is shown. */
export const visitExceptions = ['far_from_patient', 'far_from_zip_area', 'missing_location', 'off_schedule', 'short_visit', 'out_before_in', 'no_attestation'] as const;
export type VisitException = (typeof visitExceptions)[number];
/**
 * far_from_patient: measured from the patient's geocoded address; far_from_zip_area: from the
 * center of their ZIP code area, when the address had no point (evv-distance.ts), and every such
 * exception recorded before addresses were located (migration 0033).
 */
export const visitExceptionLabels: Record<VisitException, string> = {
  far_from_patient: 'Location far from the patient’s address',
  far_from_zip_area: 'Location far from the patient’s ZIP area',
  missing_location: 'No location reading',
  off_schedule: 'Far from the scheduled time',
  short_visit: `Shorter than ${Math.round(EVV_MIN_SHARE_OF_PLANNED_LENGTH * 100)}% of the planned length`,
  out_before_in: 'Check-out recorded before check-in',
  // Checked out with no signature from the patient or caregiver (none taken, or "could not be obtained").
  no_attestation: 'No patient or caregiver signature',
};

/** "Location far from the patient’s ZIP area", said inside a sentence ("needs a reason: location far …"): only its first letter lowered. */
export const exceptionInSentence = (code: VisitException): string => {
  const label = visitExceptionLabels[code];
  return label.charAt(0).toLowerCase() + label.slice(1);
};

/** Checking in more than this before or after the scheduled start is an exception. */
export const EVV_MAX_MINUTES_OFF_SCHEDULE = 60;
/** Notes are overdue this long after the visit (configurable on the server). */
export const DEFAULT_NOTE_DUE_HOURS = 48;
/** Notes not reviewed this long after signing are approved automatically (configurable). */
export const DEFAULT_AUTO_APPROVE_DAYS = 7;
/** Reminders go out this long before a visit. */
export const VISIT_REMINDER_MINUTES = 60;

// ---------------------------------------------------------------------------------------------
// Scheduling and verification inputs (one schema serves the route and the form) and the views.

export const visitMessages = {
  serviceId: 'Choose a service on this referral',
  scheduledStart: 'Choose a date and time in the future',
  durationMinutes: 'A visit lasts 15 minutes to 8 hours',
  reason: 'Give a reason (up to 500 characters)',
  location: 'Send a location reading, or say that it is unavailable',
  startDate: 'Choose a start date',
} as const;

const isoDateTime = z.iso.datetime({ offset: true, error: visitMessages.scheduledStart });
export const visitReasonSchema = z.string({ error: visitMessages.reason }).trim().min(1, visitMessages.reason).max(500, visitMessages.reason);

/** POST /api/referrals/:id/visits */
export const scheduleVisitInputSchema = z.object({
  serviceId: z.string({ error: visitMessages.serviceId }).min(1, visitMessages.serviceId).max(40),
  scheduledStart: isoDateTime,
  durationMinutes: z.number({ error: visitMessages.durationMinutes }).int(visitMessages.durationMinutes).min(15, visitMessages.durationMinutes).max(480, visitMessages.durationMinutes).default(60),
  /** What the care clocks count the visit as (visit-type-choice.ts); omitted, its service's own type. */
  visitType: z.enum(careVisitTypes, { error: visitTypeMessages.visitType }).optional(),
});
export type ScheduleVisitInput = z.input<typeof scheduleVisitInputSchema>;

/** POST /api/referrals/:id/visits/plan: dates following the referral's frequency from `startDate` (nothing is saved). */
export const planVisitsInputSchema = z.object({ startDate: z.iso.date({ error: visitMessages.startDate }) });
export type PlanVisitsInput = z.infer<typeof planVisitsInputSchema>;

/** PUT /api/visits/:id/schedule */
export const rescheduleVisitInputSchema = z.object({ scheduledStart: isoDateTime, reason: visitReasonSchema });
export type RescheduleVisitInput = z.infer<typeof rescheduleVisitInputSchema>;

/** POST /api/visits/:id/cancel and /missed */
export const visitReasonInputSchema = z.object({ reason: visitReasonSchema });
export type VisitReasonInput = z.infer<typeof visitReasonInputSchema>;

/**
 * POST /api/visits/:id/check-in and /check-out: one location reading, or `locationUnavailable`.
 * `reason` is required by the server only when the reading makes an exception.
 */
export const evvReadingInputSchema = z
  .object({
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    accuracyMeters: z.number().min(0).max(1_000_000).optional(),
    locationUnavailable: z.boolean().optional(),
    reason: visitReasonSchema.optional(),
    /** Check-out only: the patient's or caregiver's signature, or why none could be obtained (visit-attestation.ts). */
    attestation: attestationInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const hasReading = value.latitude !== undefined && value.longitude !== undefined;
    if (!hasReading && value.locationUnavailable !== true) ctx.addIssue({ code: 'custom', path: ['latitude'], message: visitMessages.location });
  });
export type EvvReadingInput = z.infer<typeof evvReadingInputSchema>;

/**
 * GET /api/visits?from=&to= (at most 62 days), or ?reference=R-1042: that referral's visits, any
 * date (a search looks for one referral's visits, wherever they fall).
 */
export const visitRangeQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    reference: referenceSearchSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reference !== undefined) return;
    if (value.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose where the range starts' });
    if (value.from === undefined || value.to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose a range of up to 62 days' });
      return;
    }
    const span = Date.parse(value.to) - Date.parse(value.from);
    if (span <= 0 || span > 62 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose a range of up to 62 days' });
  });

/** What lists show (at aal1 too): no readings, no free-text reasons. */
export const visitSummarySchema = z.object({
  id: z.string(),
  referralId: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  /** What the care clocks count it as: evaluation, routine, reassessment, supervisory or discharge. */
  visitType: z.enum(careVisitTypes),
  status: z.enum(visitStatuses),
  scheduledStart: z.string(),
  durationMinutes: z.number(),
  therapistName: z.string(),
  agencyName: z.string(),
  /** From the referral (not PHI): city and state of the patient's ZIP. */
  place: z.string(),
  /** The time zone of the patient's home, from its state (patient-time-zone.ts); null when unknown. */
  patientTimeZone: z.string().nullable(),
  /** The referral's reference number and label (referral-reference.ts): its patient's short name for its parties at aal2. */
  referenceNumber: z.number(),
  referenceLabel: z.string(),
  exceptions: z.array(z.enum(visitExceptions)),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;

const evvReadingViewSchema = z.object({
  at: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracyMeters: z.number().nullable(),
  /** How far the reading was from the place it was judged against (null: no reading, or nothing to measure from). */
  milesFromPatient: z.number().nullable(),
  /** What it was measured from when it was taken: the patient's geocoded address, or the center of their ZIP area. */
  measuredFrom: z.enum(evvMeasuredFrom).nullable(),
  /** How far it was allowed to be from there (evv-distance.ts). */
  allowedMiles: z.number().nullable(),
});

const milesText = (miles: number) => (miles < 0.1 ? 'under 0.1 mi' : `${miles.toFixed(1)} mi`);

/**
 * Where a reading was, in words, naming what it was measured from, so a check against the ZIP area
 * never reads as a check against the address: near the patient's home (within the EVV distance of
 * their geocoded address) or how far from it; within their ZIP area (the wider distance allowed
 * around its center) or how far from that center.
 */
export function readingPlaceText(reading: {
  latitude: number | null;
  milesFromPatient: number | null;
  measuredFrom: EvvMeasuredFrom | null;
  allowedMiles: number | null;
}): string {
  if (reading.latitude === null) return 'No location reading';
  if (reading.milesFromPatient === null || reading.measuredFrom === null) return 'Location recorded';
  const miles = milesText(reading.milesFromPatient);
  const allowed = reading.allowedMiles ?? EVV_MAX_DISTANCE_MILES;
  const within = reading.milesFromPatient <= allowed;
  if (reading.measuredFrom === 'address') return within ? `Near the patient’s home (${miles} from the patient’s address)` : `${miles} from the patient’s address`;
  const limit = `${Number(allowed.toFixed(1))} mi allowed`;
  return within
    ? `Within the patient’s ZIP area (${miles} from its center; up to ${limit})`
    : `${miles} from the center of the patient’s ZIP area (more than the ${limit})`;
}

/**
 * The patient where the work is, on the visit's page: name, address and phone for its two parties
 * (a read of the patient's details, audited as one); otherwise why not — not added yet, the
 * therapist's access ended with the referral, or the stored details could not be opened.
 */
export const visitPatientSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('shown'),
    firstName: z.string(),
    lastName: z.string(),
    addressLine: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
  }),
  z.object({ status: z.enum(['not_added', 'closed', 'unavailable']) }),
]);
export type VisitPatient = z.infer<typeof visitPatientSchema>;

/** What the referral holds (no patient identifiers), shown with the visit. */
export const visitReferralSchema = z.object({
  id: z.string(),
  visitFrequency: z.string(),
  /** Plain English, e.g. "twice a week for 4 weeks". */
  visitFrequencyText: z.string(),
  startBy: z.string(),
  urgency: z.enum(urgencies),
  clinicalSummary: z.string(),
  services: z.array(z.object({ serviceId: z.string(), name: z.string(), visitCount: z.number() })),
});
export type VisitReferral = z.infer<typeof visitReferralSchema>;

/** GET /api/visits/:id (aal2): the six EVV elements, exceptions and reasons, the patient and the referral. */
export const visitDetailSchema = visitSummarySchema.extend({
  patient: visitPatientSchema,
  referral: visitReferralSchema,
  discipline: z.string(),
  rate: z.number(),
  statusReason: z.string().nullable(),
  checkIn: evvReadingViewSchema.nullable(),
  checkOut: evvReadingViewSchema.nullable(),
  exceptionReason: z.string().nullable(),
  /** The check-out attestation (opened: it is sealed at rest); null when none was taken. */
  attestation: attestationViewSchema.nullable(),
  /** How far locating the patient's address got, so the page says what check-ins are compared with; null when the patient is not shown. */
  homeLocation: homeLocationViewSchema.nullable(),
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;

export const visitListSchema = z.object({ visits: z.array(visitSummarySchema) });
export type VisitList = z.infer<typeof visitListSchema>;

/** GET /api/referrals/:id/visits: the referral's services with how many visits are booked, and its visits. */
export const referralVisitsSchema = z.object({
  referralId: z.string(),
  status: z.string(),
  visitFrequency: z.string(),
  services: z.array(z.object({ serviceId: z.string(), serviceName: z.string(), visitCount: z.number(), booked: z.number() })),
  visits: z.array(visitSummarySchema),
});
export type ReferralVisits = z.infer<typeof referralVisitsSchema>;

export const visitPlanSchema = z.object({
  visitFrequency: z.string(),
  items: z.array(z.object({ date: z.string(), serviceId: z.string() })),
});
export type VisitPlan = z.infer<typeof visitPlanSchema>;

/** Statuses a visit still counts against its service's visit count in. */
export const BOOKED_STATUSES: readonly VisitStatus[] = ['scheduled', 'in_progress', 'completed', 'documented', 'approved', 'paid'];

/**
 * Calendar dates following `segments` from `startDate` (YYYY-MM-DD): each week starts 7 days after
 * the last, and its visits are spread over it (2 a week: days 0 and 3).
 */
export function planVisitDates(segments: { perWeek: number; weeks: number }[], startDate: string, limit: number): string[] {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const dates: string[] = [];
  let week = 0;
  for (const { perWeek, weeks } of segments) {
    for (let w = 0; w < weeks; w += 1, week += 1) {
      for (let i = 0; i < perWeek; i += 1) {
        if (dates.length >= limit) return dates;
        const day = week * 7 + Math.floor((i * 7) / perWeek);
        dates.push(new Date(start + day * 86_400_000).toISOString().slice(0, 10));
      }
    }
  }
  return dates;
}

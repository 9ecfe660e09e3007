
/**
 * Visits (issue 5): the states a visit moves through, and the inputs for scheduling and for
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

/** Visit verification exceptions the agency is shown. */
export const visitExceptions = ['far_from_patient', 'missing_location', 'off_schedule'] as const;
export type VisitException = (typeof visitExceptions)[number];
export const visitExceptionLabels: Record<VisitException, string> = {
  far_from_patient: 'Location far from the patient’s address',
  missing_location: 'No location reading',
  off_schedule: 'Far from the scheduled time',
};

/** A reading farther than this from the patient's ZIP centroid is an exception. */
export const EVV_MAX_DISTANCE_MILES = 1;
/** Checking in more than this before or after the scheduled start is an exception. */
export const EVV_MAX_MINUTES_OFF_SCHEDULE = 60;
/** Notes are overdue this long after the visit (configurable on the server). */
export const DEFAULT_NOTE_DUE_HOURS = 48;
/** Notes not reviewed this long after signing are approved automatically (configurable). */
export const DEFAULT_AUTO_APPROVE_DAYS = 7;
/** Reminders go out this long before a visit. */
export const VISIT_REMINDER_MINUTES = 60;

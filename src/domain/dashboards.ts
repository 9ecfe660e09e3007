import { z } from 'zod';
import { disciplines } from './accounts';
import { keysetPageSchema } from './keyset-page';
import { referralStatuses } from './referrals';
import { visitStatuses } from './visits';

/**
 * Dashboards: figures computed from the database for each role. Nothing here identifies
 * a patient: referrals are described by discipline, city and state, visits by service and time.
 */

/** Visit statuses that count as done for completion figures (checked out, or further along). */
export const completedVisitStatuses = ['completed', 'documented', 'approved', 'paid'] as const;

/** The window of the median fill time and the completion rate, in days. */
export const DASHBOARD_WINDOW_DAYS = 30;

export const activityKinds = ['referral_posted', 'referral_matched', 'referral_cancelled', 'visit_completed', 'visit_missed'] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityItemSchema = z.object({
  kind: z.enum(activityKinds),
  at: z.string(),
  referralId: z.string(),
  /** A line with no PHI, e.g. "PT referral in Austin, TX posted". */
  text: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const agencyDashboardSchema = z.object({
  companyName: z.string(),
  networkTherapists: z.number().int(),
  activePatients: z.number().int(),
  pendingReferrals: z.number().int(),
  /** Median minutes from posted to matched, of referrals matched in the window; null when none. */
  medianFillMinutes: z.number().nullable(),
  /** Completed-or-later visits ÷ visits due (started in the window, not cancelled); null when none were due. */
  visitCompletionRate: z.number().nullable(),
  /** Whether the agency has any referral at all (a new agency sees a first-steps message instead of zeros). */
  hasReferrals: z.boolean(),
  recentActivity: z.array(activityItemSchema),
});
export type AgencyDashboard = z.infer<typeof agencyDashboardSchema>;

export const scheduleItemSchema = z.object({
  visitId: z.string(),
  referralId: z.string(),
  scheduledStart: z.string(),
  durationMinutes: z.number().int(),
  status: z.enum(visitStatuses),
  serviceName: z.string(),
  city: z.string(),
  state: z.string(),
  /** "R-1042 · Austin, TX": the referral's reference with its place (no patient name on the dashboard). */
  referenceLabel: z.string(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const therapistDashboardSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  activePatients: z.number().int(),
  completedVisitsThisMonth: z.number().int(),
  /** Payouts owed and not yet paid, in dollars. */
  pendingPaymentsAmount: z.number(),
  /** The IANA time zone "today" and "this month" are reckoned in. */
  timeZone: z.string(),
  todaysSchedule: z.array(scheduleItemSchema),
});
export type TherapistDashboard = z.infer<typeof therapistDashboardSchema>;

export const adminDashboardSchema = z.object({
  openReferrals: z.number().int(),
  medianFillMinutes: z.number().nullable(),
  completionRate: z.number().nullable(),
  visitsThisMonth: z.number().int(),
  amountPaidThisMonth: z.number(),
  /** Mail, texts, chat messages and alerts given up on and not retried yet (the admin's undelivered list). */
  undeliveredMessages: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const networkTherapistSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  disciplines: z.array(z.enum(disciplines)),
  referralsCount: z.number().int(),
  activeReferrals: z.number().int(),
  lastMatchedAt: z.string(),
});
export type NetworkTherapist = z.infer<typeof networkTherapistSchema>;
export const networkTherapistListSchema = keysetPageSchema(networkTherapistSchema);

/** A matched referral as the patient-records list shows it: referral facts only; details live on the referral page at aal2. */
export const patientRecordSchema = z.object({
  referralId: z.string(),
  /** The referral's reference (R-1042) and label: the patient's short name at aal2 once added, else its place. */
  referenceNumber: z.number().int(),
  referenceLabel: z.string(),
  status: z.enum(referralStatuses),
  discipline: z.string(),
  city: z.string(),
  state: z.string(),
  matchedAt: z.string(),
  therapistName: z.string(),
  detailsAdded: z.boolean(),
  visitsDone: z.number().int(),
  /** The visits the referral ordered (the sum of its services' visit counts). */
  visitsTotal: z.number().int(),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;
export const patientRecordListSchema = keysetPageSchema(patientRecordSchema);

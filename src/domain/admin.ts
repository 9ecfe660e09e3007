import { z } from 'zod';
import { accountStatuses, userTypes, type AccountStatus, type UserType } from './accounts';
import { therapistSignupSchema } from './signup';

/** The admin area's 'User Signups' list, review decisions and manager invitations (seed sections 2, 4, 6). */

export const SIGNUPS_PAGE_SIZE = 20;
export const SIGNUPS_MAX_PAGE_SIZE = 100;
export const REJECT_REASON_MAX = 1000;

/** Seed section 2: agencies are 'Healthcare Agency', therapists 'Healthcare Professional'; a manager works for CareRelay. */
export const userTypeLabels: Record<UserType, string> = {
  agency: 'Healthcare Agency',
  therapist: 'Healthcare Professional',
  manager: 'CareRelay Manager',
};

export const accountStatusLabels: Record<AccountStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const adminMessages = {
  noSignups: 'No signups yet',
  noMatches: 'No signups match these filters',
  rejectReasonRequired: 'Please give a reason for rejecting',
  rejectReasonTooLong: `Please keep the reason under ${REJECT_REASON_MAX} characters`,
  accountNotFound: 'No account was found for this user.',
  alreadyApproved: 'This account is already approved.',
  alreadyRejected: 'This account is already rejected.',
  cannotReviewSelf: 'You cannot review your own account.',
  cannotReviewManager: 'Manager accounts are not reviewed here: managers are created approved.',
  mfaRequired: 'Verify with a second factor to open the admin area',
} as const;

// A select left on "All" sends an empty value; treat it as no filter rather than a bad one.
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const signupListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(accountStatuses, { error: 'Status must be pending, approved or rejected' }).optional()),
  type: z.preprocess(blankToUndefined, z.enum(userTypes, { error: 'Type must be agency, therapist or manager' }).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Search is too long').optional()),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page starts at 1').default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(SIGNUPS_MAX_PAGE_SIZE, `Page size can be at most ${SIGNUPS_MAX_PAGE_SIZE}`)
    .default(SIGNUPS_PAGE_SIZE),
});
export type SignupListQuery = z.output<typeof signupListQuerySchema>;

export const signupItemSchema = z.object({
  id: z.string(),
  status: z.enum(accountStatuses),
  name: z.string(),
  email: z.string(),
  typeLabel: z.string(),
  userType: z.enum(userTypes),
  phone: z.string().nullable(),
  signupDate: z.string(),
  statusReason: z.string().nullable(),
});
export type SignupItem = z.infer<typeof signupItemSchema>;

export const signupPageSchema = z.object({
  items: z.array(signupItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SignupPage = z.infer<typeof signupPageSchema>;

const reason = z.string().trim().max(REJECT_REASON_MAX, adminMessages.rejectReasonTooLong);

/**
 * Approving may carry a note; it is kept in the audit row only. A therapist missing a required
 * verified credential is approved only with `overrideCredentials` and a reason (audited).
 */
export const approveSignupSchema = z.object({ reason: reason.optional(), overrideCredentials: z.boolean().optional() });

export const rejectSignupSchema = z.object({
  reason: z.string({ error: adminMessages.rejectReasonRequired }).trim().min(1, adminMessages.rejectReasonRequired).max(REJECT_REASON_MAX, adminMessages.rejectReasonTooLong),
});
export type RejectSignupInput = z.input<typeof rejectSignupSchema>;

/** Seed section 5: a manager needs first name, last name and phone (same messages as sign-up). */
export const inviteManagerSchema = therapistSignupSchema.pick({ email: true, firstName: true, lastName: true, phone: true });
export type InviteManagerInput = z.input<typeof inviteManagerSchema>;
export type InviteManager = z.output<typeof inviteManagerSchema>;

export const invitedManagerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type InvitedManager = z.infer<typeof invitedManagerSchema>;

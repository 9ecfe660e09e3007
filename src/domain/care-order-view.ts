import { z } from 'zod';
import { orderStatuses, type OrderVersion } from './care-orders';

/**
 * What GET /api/referrals/:id/orders answers and the referral page's Orders section shows: every
 * version of the referral's orders, newest first, and which side the caller is on (the therapist
 * proposes, the agency decides).
 */

export const orderVersionViewSchema = z.object({
  version: z.number().int(),
  status: z.enum(orderStatuses),
  frequency: z.string(),
  startDate: z.string(),
  goals: z.array(z.string()),
  physicianOrderObtainedOn: z.string().nullable(),
  changedBy: z.enum(['therapist', 'agency']),
  /** When this version was made (ISO). */
  changedAt: z.string(),
  reason: z.string(),
});
export type OrderVersionView = z.infer<typeof orderVersionViewSchema>;

export const referralOrdersSchema = z.object({
  referralId: z.string(),
  as: z.enum(['agency', 'therapist']),
  /** Newest first. */
  versions: z.array(orderVersionViewSchema),
});
export type ReferralOrders = z.infer<typeof referralOrdersSchema>;

export function presentOrderVersion(version: OrderVersion): OrderVersionView {
  return {
    version: version.version,
    status: version.status,
    frequency: version.frequency,
    startDate: version.startDate,
    goals: [...version.goals],
    physicianOrderObtainedOn: version.physicianOrderObtainedOn,
    changedBy: version.change.by.party,
    changedAt: version.change.at.toISOString(),
    reason: version.change.reason,
  };
}

import { z } from 'zod';
import { referralCoreSchema, referralPlaceSchema, referralServiceViewSchema, responseViewSchema, therapistReferralSchema } from './referrals';

/**
 * The entries of the referral lists: what each list shows of a referral, picked from the fields of
 * its own page (referrals.ts), so a field means the same in the list as on the page.
 */

/**
 * GET /api/referrals (the agency's list) and, with the agency's name, the managers' list: what their
 * entries show. The referral's page (GET /:id) has the rest: the map point, the visit frequency, the
 * times it was created, expires and was matched, the rates and answers.
 */
export const agencyReferralSummarySchema = referralCoreSchema
  .pick({
    id: true,
    referenceNumber: true,
    referenceLabel: true,
    status: true,
    discipline: true,
    startBy: true,
    urgency: true,
    postedAt: true,
  })
  .extend({
    place: referralPlaceSchema.pick({ zip: true, city: true, state: true }),
    services: z.array(referralServiceViewSchema),
    notifiedCount: z.number(),
    responseCount: z.number(),
    matchedTherapistName: z.string().nullable(),
  });
export type AgencyReferralSummary = z.infer<typeof agencyReferralSummarySchema>;

/**
 * GET /api/therapist/referrals: an entry of 'Referrals near me', what its card and the map show
 * (the agency's list has AgencyReferralSummary likewise). The referral's own page (GET /:id) has the
 * rest: the clinical summary, the lifecycle times, the answer's rates and notes. Each field is the
 * same as the referral's own page shows.
 */
export const therapistReferralSummarySchema = therapistReferralSchema
  .pick({
    id: true,
    referenceNumber: true,
    referenceLabel: true,
    status: true,
    discipline: true,
    services: true,
    place: true,
    visitFrequency: true,
    visitFrequencyText: true,
    totalVisits: true,
    startBy: true,
    orderedStartOfCare: true,
    urgency: true,
    agencyName: true,
    expiresAt: true,
    distanceMiles: true,
    myRates: true,
    matchedToMe: true,
    hidden: true,
  })
  .extend({
    /** The therapist's answer by its status, which the card shows as a badge. */
    myResponse: responseViewSchema.pick({ status: true }).nullable(),
  });
export type TherapistReferralSummary = z.infer<typeof therapistReferralSummarySchema>;

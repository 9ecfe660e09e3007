import { z } from 'zod';
import { agencyRecordSchema } from '../../domain/agency-reliability';
import { ratingInputSchema, referralRatingsSchema } from '../../domain/ratings';
import { approvedAgency, approvedTherapist, callerOf, type AuthRequirement } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { getOwnAgencyRecord, getReferralAgencyRecord } from './agency-record';
import { getReferralRatings, rateReferralParty } from './service';

// Any string: an id that is no referral's is answered 404 like a referral the caller is no party to.
const idParams = z.object({ id: z.string().max(100) });

/** The two parties of a referral: its agency and its matched therapist (the service checks which referral). */
const referralParty: AuthRequirement = { roles: ['agency', 'therapist'], approved: true };

/** Ratings between a referral's two parties, and what a therapist reads of an agency before accepting. */
export const ratingRoutes: RoutesPlugin = async (app, deps) => {
  const tags = ['ratings'];
  const serviceDeps = { database: deps.database };
  const recordDeps = { database: deps.database, reviewDays: deps.config.autoApproveDays };

  app.get(
    '/referrals/:id/ratings',
    {
      schema: {
        tags,
        summary: "The caller's ratings given on the referral, those received once visible, and the period the caller can rate now",
        params: idParams,
        response: { 200: referralRatingsSchema },
      },
      config: { auth: referralParty },
    },
    async (request) => getReferralRatings(serviceDeps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.post(
    '/referrals/:id/ratings',
    {
      schema: {
        tags,
        summary: 'Rate the other party of the referral (1–5, optional comment) for its open period; once per period (409 when rated already)',
        params: idParams,
        body: ratingInputSchema,
        response: { 201: referralRatingsSchema },
      },
      config: { auth: referralParty },
    },
    async (request, reply) => {
      const ratings = await rateReferralParty(serviceDeps, { ...callerOf(request), referralId: request.params.id, input: request.body });
      return reply.code(201).send(ratings);
    },
  );

  app.get(
    '/therapist/referrals/:id/agency-record',
    {
      schema: {
        tags,
        summary: "The rating and reliability of the referral's agency, for a therapist it was offered or matched to",
        params: idParams,
        response: { 200: agencyRecordSchema },
      },
      config: { auth: approvedTherapist },
    },
    async (request) => getReferralAgencyRecord(recordDeps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.get(
    '/agency/record',
    {
      schema: { tags, summary: "The agency's own rating and reliability, as therapists see them", response: { 200: agencyRecordSchema } },
      config: { auth: approvedAgency },
    },
    async (request) => getOwnAgencyRecord(recordDeps, callerOf(request)),
  );
};

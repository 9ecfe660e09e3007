import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agencyReferralSchema,
  cancelReferralSchema,
  counterSchema,
  createReferralSchema,
  eligibilityViewSchema,
  referralInputSchema,
  respondSchema,
  therapistReferralSchema,
} from '../../domain/referrals';
import { agencyReferralSummarySchema, therapistReferralSummarySchema, type AgencyReferralSummary, type TherapistReferralSummary } from '../../domain/referral-summaries';
import { referenceSearchSchema } from '../../domain/referral-reference';
import { referralStandingSchema } from '../../domain/work-standing';
import { getReferralStanding } from '../credentials/standing-service';
import { createPhiBox } from '../crypto/phi-box';
import { LIST_PAGES } from '../dashboards/tenant-reads';
import { approvedAgency, approvedTherapist, callerOf, manager, requireAuth } from '../auth/authenticate';
import { handleError } from '../http/errors';
import { compiledSerializer } from '../http/compiled-serializer';
import { keysetQuerySchema } from '../http/keyset';
import { keysetPageSchema, type KeysetPage } from '../../domain/keyset-page';
import { agencyListKey, therapistListKeyParts } from './list-queries';
import type { RoutesPlugin } from '../http/plugin';
import {
  explainEligibility,
  getAgencyReferral,
  getTherapistReferral,
  listAgencyReferrals,
  listReferralsForManagers,
  listTherapistReferrals,
  searchEligibility,
} from './read-service';
import { cancelReferral, confirmResponse, counterResponse, createReferral, postReferral, updateReferral } from './service';
import { answerCounter, hideReferral, respondToReferral, withdrawResponse } from './therapist-service';

const idParams = z.object({ id: z.uuid({ error: 'No such referral.' }) });
const responseParams = idParams.extend({ responseId: z.uuid({ error: 'No such response.' }) });

/**
 * POST /referrals wraps the fields in `referral`; its field errors are named as PUT, the service
 * (an unknown ZIP) and the form name them: `patientZip`, not `referral.patientZip`.
 */
function unwrapReferralFieldErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) issue.instancePath = issue.instancePath.replace(/^\/referral(?=\/)/, '');
  }
  return handleError(error, request, reply);
}

/** /api/referrals…: an approved agency's own referrals. */
export const agencyReferralRoutes: RoutesPlugin = async (app, deps) => {
  // Declared before both plugins are registered, so it covers their routes.
  requireAuth(app, approvedAgency);
  await app.register(agencyReferralLifecycleRoutes, deps);
  await app.register(agencyResponseRoutes, deps);
};

const agencyTags = ['referrals (agency)'];

/** The agency's referrals from draft to posting or cancelling. */
const agencyReferralLifecycleRoutes: RoutesPlugin = async (app, deps) => {
  const tags = agencyTags;
  const labelledDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey) };
  const listDeps = { ...labelledDeps, pages: deps.tenantReads.pages<KeysetPage<AgencyReferralSummary>>(LIST_PAGES) };

  app.get(
    '/referrals',
    {
      schema: {
        tags,
        summary: "The agency's referrals, newest first, a page at a time (keyset: pass nextCursor as cursor)",
        querystring: keysetQuerySchema(agencyListKey.parts).extend({
          status: z.enum(['all', 'open', 'draft', 'matched', 'closed']).default('all'),
          reference: referenceSearchSchema.optional().describe('R-1042 or 1042: the referral with this reference, whatever its status'),
        }),
        response: { 200: keysetPageSchema(agencyReferralSummarySchema) },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const { status, reference, limit, cursor } = request.query;
      return listAgencyReferrals(listDeps, { ...callerOf(request), filter: status, reference, page: { limit, after: cursor } });
    },
  );

  app.post(
    '/referrals',
    {
      schema: {
        tags,
        summary: 'Create a referral as a draft, or post it at once (eligible therapists are notified on posting)',
        body: createReferralSchema,
        response: { 201: agencyReferralSchema },
      },
      errorHandler: unwrapReferralFieldErrors,
    },
    async (request, reply) => {
      const referral = await createReferral(deps, { ...callerOf(request), input: request.body.referral, post: request.body.post });
      return reply.code(201).send(referral);
    },
  );

  app.get(
    '/referrals/:id',
    { schema: { tags, summary: 'A referral with its responses and the notified count', params: idParams, response: { 200: agencyReferralSchema } } },
    async (request) => getAgencyReferral(labelledDeps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.put(
    '/referrals/:id',
    {
      schema: {
        tags,
        summary: 'Edit a draft, or a posted referral before its match (newly eligible therapists are notified)',
        params: idParams,
        body: referralInputSchema,
        response: { 200: agencyReferralSchema },
      },
    },
    async (request) => updateReferral(deps, { ...callerOf(request), referralId: request.params.id, input: request.body }),
  );

  app.post(
    '/referrals/:id/post',
    { schema: { tags, summary: 'Post a draft', params: idParams, response: { 200: agencyReferralSchema } } },
    async (request) => postReferral(deps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.post(
    '/referrals/:id/cancel',
    { schema: { tags, summary: 'Cancel a draft or posted referral, with a reason', params: idParams, body: cancelReferralSchema, response: { 200: agencyReferralSchema } } },
    async (request) => cancelReferral(deps, { ...callerOf(request), referralId: request.params.id, reason: request.body.reason }),
  );
};

/** Therapists' responses to the agency's referral: matching one, or countering its rates. */
const agencyResponseRoutes: RoutesPlugin = async (app, deps) => {
  const tags = agencyTags;

  app.post(
    '/referrals/:id/responses/:responseId/confirm',
    {
      schema: {
        tags,
        summary: 'Match the therapist of this response (exactly one per referral; 409 when already matched)',
        params: responseParams,
        response: { 200: agencyReferralSchema },
      },
    },
    async (request) => confirmResponse(deps, { ...callerOf(request), referralId: request.params.id, responseId: request.params.responseId }),
  );

  app.post(
    '/referrals/:id/responses/:responseId/counter',
    { schema: { tags, summary: 'Counter a rate request with other rates', params: responseParams, body: counterSchema, response: { 200: agencyReferralSchema } } },
    async (request) =>
      counterResponse(deps, { ...callerOf(request), referralId: request.params.id, responseId: request.params.responseId, rates: request.body.rates, note: request.body.note }),
  );
};

/** /api/therapist/referrals…: what an approved therapist was offered or matched to. */
export const therapistReferralRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, approvedTherapist);
  const tags = ['referrals (therapist)'];
  const labelledDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey) };
  const listDeps = { ...labelledDeps, pages: deps.tenantReads.pages<KeysetPage<TherapistReferralSummary>>(LIST_PAGES) };

  app.get(
    '/therapist/referrals',
    {
      schema: {
        tags,
        summary: "'Referrals near me': open offers, hidden ones, or those matched to me, a page at a time (keyset)",
        querystring: keysetQuerySchema(therapistListKeyParts).extend({
          view: z.enum(['open', 'mine', 'hidden']).default('open'),
          reference: referenceSearchSchema.optional().describe('R-1042 or 1042: the referral offered or matched to me with this reference, in any view'),
        }),
        response: { 200: keysetPageSchema(therapistReferralSummarySchema) },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const { view, reference, limit, cursor } = request.query;
      return listTherapistReferrals(listDeps, { ...callerOf(request), view, reference, page: { limit, after: cursor } });
    },
  );

  app.get(
    '/therapist/referral-standing',
    {
      schema: {
        tags,
        summary: 'Why I am not offered new referrals: credentials missing, unverified or expired, a suspension, late visit notes (empty: I am)',
        response: { 200: referralStandingSchema },
      },
    },
    async (request) => getReferralStanding(deps, callerOf(request)),
  );

  app.get(
    '/therapist/referrals/:id',
    { schema: { tags, summary: 'A referral offered or matched to me', params: idParams, response: { 200: therapistReferralSchema } } },
    async (request) => getTherapistReferral(labelledDeps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.post(
    '/therapist/referrals/:id/response',
    {
      schema: {
        tags,
        summary: 'Accept at the offered rates, ask for a higher rate with a reason, or decline',
        params: idParams,
        body: respondSchema,
        response: { 200: therapistReferralSchema },
      },
    },
    async (request) => respondToReferral(deps, { ...callerOf(request), referralId: request.params.id, response: request.body }),
  );

  app.delete(
    '/therapist/referrals/:id/response',
    { schema: { tags, summary: 'Withdraw my response (until the match)', params: idParams, response: { 200: therapistReferralSchema } } },
    async (request) => withdrawResponse(deps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.post(
    '/therapist/referrals/:id/counter',
    {
      schema: {
        tags,
        summary: "Accept or decline the agency's counter offer",
        params: idParams,
        body: z.object({ accept: z.boolean() }),
        response: { 200: therapistReferralSchema },
      },
    },
    async (request) => answerCounter(deps, { ...callerOf(request), referralId: request.params.id, accept: request.body.accept }),
  );

  for (const [path, hidden] of [['hide', true], ['unhide', false]] as const) {
    app.post(
      `/therapist/referrals/:id/${path}`,
      { schema: { tags, summary: hidden ? 'Hide a referral from my list' : 'Show a hidden referral again', params: idParams, response: { 200: therapistReferralSchema } } },
      async (request) => hideReferral(deps, { ...callerOf(request), referralId: request.params.id, hidden }),
    );
  }
};

/** /api/admin/referrals…: managers at aal2 see every referral and why a therapist was or was not eligible. */
export const managerReferralRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, manager);
  const tags = ['admin'];

  app.get(
    '/admin/referrals',
    {
      schema: {
        tags,
        summary: "Every agency's referrals, newest first",
        response: { 200: z.object({ items: z.array(agencyReferralSummarySchema.extend({ agencyName: z.string() })) }) },
      },
    },
    async () => ({ items: await listReferralsForManagers(deps) }),
  );

  app.get(
    '/admin/referrals/:id/eligibility',
    {
      schema: {
        tags,
        summary: 'Therapists matching a name or email, each judged against the referral (at most 25)',
        params: idParams,
        querystring: z.object({ q: z.string().trim().max(100).default('') }),
        response: { 200: z.object({ items: z.array(eligibilityViewSchema) }) },
      },
    },
    async (request) => ({ items: await searchEligibility(deps, { referralId: request.params.id, q: request.query.q }) }),
  );

  app.get(
    '/admin/referrals/:id/eligibility/:therapistId',
    {
      schema: {
        tags,
        summary: 'Why a therapist was or was not eligible for a referral, rule by rule',
        params: idParams.extend({ therapistId: z.string().trim().min(1).max(100) }),
        response: { 200: eligibilityViewSchema },
      },
    },
    async (request) => explainEligibility(deps, { referralId: request.params.id, therapistId: request.params.therapistId }),
  );
};

/** /api/map-tiles: the configured base map for the therapist's referral map (null: none). */
export const mapTileRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/map-tiles',
    {
      schema: {
        tags: ['referrals (therapist)'],
        summary: 'The map tile source (LEAFLET_TILE_URL), or null when none is configured',
        response: { 200: z.object({ tiles: z.object({ url: z.string(), attribution: z.string() }).nullable() }) },
      },
    },
    async () => ({ tiles: deps.config.mapTiles ?? null }),
  );
};

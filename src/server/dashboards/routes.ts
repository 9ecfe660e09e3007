import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attentionListSchema } from '../../domain/attention';
import {
  adminDashboardSchema,
  agencyDashboardSchema,
  networkTherapistListSchema,
  patientRecordListSchema,
  type NetworkTherapist,
  type PatientRecord,
  therapistDashboardSchema,
} from '../../domain/dashboards';
import { approvedAgency, approvedTherapist, callerOf, manager, requireAuth } from '../auth/authenticate';
import { createPhiBox } from '../crypto/phi-box';
import { compiledSerializer } from '../http/compiled-serializer';
import { keysetQuerySchema } from '../http/keyset';
import type { ApiDeps, RoutesPlugin } from '../http/plugin';
import { matchedKeyParts, patientKeyParts } from './list-queries';
import { dashboardFigures, type DashboardFigures } from './cached-figures';
import { LIST_PAGES } from './tenant-reads';
import type { KeysetPage } from '../../domain/keyset-page';
import { getAgencyAttention, getManagerAttention, getTherapistAttention } from './attention-service';
import { listNetworkTherapists, listPatientRecords } from './service';

type FiguresDeps = ApiDeps & { figures: DashboardFigures };
type FiguresPlugin = FastifyPluginAsyncZod<FiguresDeps>;

const agencyRoutes: FiguresPlugin = async (app, deps) => {
  requireAuth(app, approvedAgency);
  const tags = ['dashboards'];
  const networkDeps = { database: deps.database, pages: deps.tenantReads.pages<KeysetPage<NetworkTherapist>>(LIST_PAGES) };
  const patientRecordDeps = {
    database: deps.database,
    phiBox: createPhiBox(deps.secrets.phiKey),
    pages: deps.tenantReads.pages<KeysetPage<PatientRecord>>(LIST_PAGES),
  };
  app.get(
    '/dashboard/agency',
    { schema: { tags, summary: "The agency's dashboard figures and recent activity", response: { 200: agencyDashboardSchema } } },
    async (request) => deps.figures.agency(request.actor.userId),
  );
  app.get(
    '/dashboard/agency/attention',
    {
      schema: {
        tags,
        summary: "What waits on the agency: responses to confirm, visit notes to review, failed payments (read fresh, never cached)",
        response: { 200: attentionListSchema },
      },
    },
    async (request) => getAgencyAttention(deps, { actor: request.actor }),
  );
  app.get(
    '/agency/therapists',
    {
      schema: {
        tags,
        summary: "Therapists matched to the agency's referrals, most recent first, a page at a time (keyset)",
        querystring: keysetQuerySchema(matchedKeyParts),
        response: { 200: networkTherapistListSchema },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => listNetworkTherapists(networkDeps, { actor: request.actor, page: { limit: request.query.limit, after: request.query.cursor } }),
  );
  app.get(
    '/agency/patients',
    {
      schema: {
        tags,
        summary:
          "The agency's matched referrals, a page at a time (keyset): referral facts, labelled with the patient's short name at aal2 (an audited read); the details are on each referral",
        querystring: keysetQuerySchema(patientKeyParts),
        response: { 200: patientRecordListSchema },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => listPatientRecords(patientRecordDeps, { ...callerOf(request), page: { limit: request.query.limit, after: request.query.cursor } }),
  );
};

const therapistRoutes: FiguresPlugin = async (app, deps) => {
  app.get(
    '/dashboard/therapist',
    {
      schema: { tags: ['dashboards'], summary: "The therapist's figures and today's schedule", response: { 200: therapistDashboardSchema } },
      config: { auth: approvedTherapist },
    },
    async (request) => deps.figures.therapist(request.actor.userId),
  );
  app.get(
    '/dashboard/therapist/attention',
    {
      schema: {
        tags: ['dashboards'],
        summary: "What waits on the therapist: today's visits, visit notes due, offers expiring within 24 hours (read fresh)",
        response: { 200: attentionListSchema },
      },
      config: { auth: approvedTherapist },
    },
    async (request) => getTherapistAttention(deps, { actor: request.actor }),
  );
};

const managerRoutes: FiguresPlugin = async (app, deps) => {
  app.get(
    '/admin/dashboard',
    {
      schema: { tags: ['admin'], summary: 'Marketplace figures for managers (computed at most every 10 seconds)', response: { 200: adminDashboardSchema } },
      config: { auth: manager },
    },
    async () => deps.figures.admin(),
  );
  app.get(
    '/admin/attention',
    {
      schema: {
        tags: ['admin'],
        summary: 'What waits on managers: sign-ups and credential changes to review, undelivered messages (read fresh)',
        response: { 200: attentionListSchema },
      },
      config: { auth: manager },
    },
    async () => getManagerAttention(deps),
  );
};

/**
 * GET /api/dashboard/agency, /api/dashboard/therapist, /api/admin/dashboard and the agency's lists.
 * The dashboards' figures are kept briefly and dropped when their rows change (cached-figures.ts);
 * every request is authenticated and authorized all the same.
 */
export const dashboardRoutes: RoutesPlugin = async (app, deps) => {
  const withFigures: FiguresDeps = { ...deps, figures: dashboardFigures({ database: deps.database, reads: deps.tenantReads }) };
  await app.register(agencyRoutes, withFigures);
  await app.register(therapistRoutes, withFigures);
  await app.register(managerRoutes, withFigures);
};

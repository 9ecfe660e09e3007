import type { FastifyRequest } from 'fastify';
import type { UserType } from '../../domain/accounts';
import {
  adminDashboardSchema,
  agencyDashboardSchema,
  networkTherapistListSchema,
  patientRecordListSchema,
  therapistDashboardSchema,
} from '../../domain/dashboards';
import type { AppDeps } from '../app';
import { requireApproved, requireManagerAal2, requireUserType } from '../auth/guards';
import { requireActor, type Actor } from '../auth/session';
import type { RoutesPlugin } from '../http/plugin';
import { cachedAdminDashboard, getAgencyDashboard, getTherapistDashboard, listNetworkTherapists, listPatientRecords } from './service';

type Plugin = Parameters<RoutesPlugin>[0];

/** Marketplace-wide figures are the same for every manager and scan every tenant: read at most this often. */
const ADMIN_FIGURES_TTL_MS = 10_000;

/** Authenticates and authorizes every route of one (encapsulated) plugin; returns how routes read the actor's id. */
function guard(app: Plugin, deps: AppDeps, check: (actor: Actor) => void) {
  const actors = new WeakMap<FastifyRequest, Actor>();
  app.addHook('preValidation', async (request) => {
    const actor = await requireActor(request, deps);
    check(actor);
    actors.set(request, actor);
  });
  return (request: FastifyRequest): string => {
    const actor = actors.get(request);
    if (!actor) throw new Error('dashboard route ran without its guard');
    return actor.userId;
  };
}

const approved = (type: UserType) => (actor: Actor) => {
  requireUserType(actor, type);
  requireApproved(actor);
};

const agencyRoutes: RoutesPlugin = async (app, deps) => {
  const agencyOf = guard(app, deps, approved('agency'));
  const tags = ['dashboards'];
  app.get(
    '/dashboard/agency',
    { schema: { tags, summary: "The agency's dashboard figures and recent activity", response: { 200: agencyDashboardSchema } } },
    async (request) => getAgencyDashboard({ database: deps.database, agencyId: agencyOf(request) }),
  );
  app.get(
    '/agency/therapists',
    {
      schema: { tags, summary: "Therapists matched to the agency's referrals, most recent first", response: { 200: networkTherapistListSchema } },
    },
    async (request) => ({ items: await listNetworkTherapists({ database: deps.database, agencyId: agencyOf(request) }) }),
  );
  app.get(
    '/agency/patients',
    {
      schema: {
        tags,
        summary: "The agency's matched referrals (referral facts only; patient details are on each referral at aal2)",
        response: { 200: patientRecordListSchema },
      },
    },
    async (request) => ({ items: await listPatientRecords({ database: deps.database, agencyId: agencyOf(request) }) }),
  );
};

const therapistRoutes: RoutesPlugin = async (app, deps) => {
  const therapistOf = guard(app, deps, approved('therapist'));
  app.get(
    '/dashboard/therapist',
    { schema: { tags: ['dashboards'], summary: "The therapist's figures and today's schedule", response: { 200: therapistDashboardSchema } } },
    async (request) => getTherapistDashboard({ database: deps.database, therapistId: therapistOf(request) }),
  );
};

const managerRoutes: RoutesPlugin = async (app, deps) => {
  const managerOf = guard(app, deps, requireManagerAal2);
  const adminDashboard = cachedAdminDashboard(ADMIN_FIGURES_TTL_MS);
  app.get(
    '/admin/dashboard',
    { schema: { tags: ['admin'], summary: 'Marketplace figures for managers (computed at most every 10 seconds)', response: { 200: adminDashboardSchema } } },
    async (request) => {
      managerOf(request);
      return adminDashboard({ database: deps.database });
    },
  );
};

/** GET /api/dashboard/agency, /api/dashboard/therapist, /api/admin/dashboard and the agency's lists. */
export const dashboardRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(agencyRoutes, deps);
  await app.register(therapistRoutes, deps);
  await app.register(managerRoutes, deps);
};

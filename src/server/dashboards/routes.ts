import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { startDashboardFigures, type DashboardFigures } from './cached-figures';
import { listNetworkTherapists, listPatientRecords } from './service';

type Plugin = Parameters<RoutesPlugin>[0];
type FiguresDeps = AppDeps & { figures: DashboardFigures };
type FiguresPlugin = FastifyPluginAsyncZod<FiguresDeps>;

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

const agencyRoutes: FiguresPlugin = async (app, deps) => {
  const agencyOf = guard(app, deps, approved('agency'));
  const tags = ['dashboards'];
  app.get(
    '/dashboard/agency',
    { schema: { tags, summary: "The agency's dashboard figures and recent activity", response: { 200: agencyDashboardSchema } } },
    async (request) => deps.figures.agency(agencyOf(request)),
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

const therapistRoutes: FiguresPlugin = async (app, deps) => {
  const therapistOf = guard(app, deps, approved('therapist'));
  app.get(
    '/dashboard/therapist',
    { schema: { tags: ['dashboards'], summary: "The therapist's figures and today's schedule", response: { 200: therapistDashboardSchema } } },
    async (request) => deps.figures.therapist(therapistOf(request)),
  );
};

const managerRoutes: FiguresPlugin = async (app, deps) => {
  const managerOf = guard(app, deps, requireManagerAal2);
  app.get(
    '/admin/dashboard',
    { schema: { tags: ['admin'], summary: 'Marketplace figures for managers (computed at most every 10 seconds)', response: { 200: adminDashboardSchema } } },
    async (request) => {
      managerOf(request);
      return deps.figures.admin();
    },
  );
};

/**
 * GET /api/dashboard/agency, /api/dashboard/therapist, /api/admin/dashboard and the agency's lists.
 * The dashboards' figures are kept briefly and dropped when their rows change (cached-figures.ts);
 * every request is authenticated and authorized all the same.
 */
export const dashboardRoutes: RoutesPlugin = async (app, deps) => {
  const figures = await startDashboardFigures({ database: deps.database, log: app.log });
  app.addHook('onClose', () => figures.stop());
  const withFigures: FiguresDeps = { ...deps, figures };
  await app.register(agencyRoutes, withFigures);
  await app.register(therapistRoutes, withFigures);
  await app.register(managerRoutes, withFigures);
};

import { z } from 'zod';
import { exclusionsOverviewSchema, liftSuspensionSchema } from '../../domain/primary-source-checks';
import { callerOf, manager, requireAuth } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { getExclusionsOverview, liftSuspension, recheckNpi, requestLeieImport } from './primary-source-service';

const therapistParams = z.object({ therapistId: z.string().trim().min(1, 'Not a therapist id').max(100, 'Not a therapist id') });

/** The primary-source checks' admin routes: for approved managers who passed a second factor (aal2). */
export const primarySourceRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, manager);
  const serviceDeps = { database: deps.database, jobs: deps.jobs };

  app.get(
    '/admin/exclusions',
    {
      schema: {
        tags: ['admin'],
        summary: 'The OIG exclusion list (LEIE): the latest imports, whether one is queued, and the therapists suspended by a match',
        response: { 200: exclusionsOverviewSchema },
      },
    },
    async () => getExclusionsOverview(serviceDeps),
  );

  app.post(
    '/admin/exclusions/import',
    {
      schema: {
        tags: ['admin'],
        summary: 'Import now: queue an import of the LEIE list (refused while one is queued or running); every therapist is checked after it',
        response: { 202: exclusionsOverviewSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await requestLeieImport(serviceDeps, callerOf(request))),
  );

  app.post(
    '/admin/exclusions/suspensions/:therapistId/lift',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a therapist’s suspension with a reason; the LEIE entries that matched are not counted against them again unless they change',
        params: therapistParams,
        body: liftSuspensionSchema,
        response: { 200: exclusionsOverviewSchema },
      },
    },
    async (request) => liftSuspension(serviceDeps, { ...callerOf(request), therapistId: request.params.therapistId, reason: request.body.reason }),
  );

  app.post(
    '/admin/therapists/:therapistId/nppes-check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Check again: queue a new NPPES NPI Registry check of the therapist’s NPI',
        params: therapistParams,
        response: { 202: z.object({ queued: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await recheckNpi(serviceDeps, { ...callerOf(request), therapistId: request.params.therapistId });
      return reply.status(202).send({ queued: true as const });
    },
  );
};

import { z } from 'zod';
import {
  evvReadingInputSchema,
  planVisitsInputSchema,
  referralVisitsSchema,
  rescheduleVisitInputSchema,
  scheduleVisitInputSchema,
  visitDetailSchema,
  visitListSchema,
  visitPlanSchema,
  visitRangeQuerySchema,
  visitReasonInputSchema,
} from '../../domain/visits';
import { visitsNeedingNotesSchema } from '../../domain/visits-needing-notes';
import { createPhiBox } from '../crypto/phi-box';
import { callerOf, phiRoute } from '../auth/authenticate';
import type { AppDeps } from '../app';
import type { RoutesPlugin } from '../http/plugin';
import { VISIT_ENTITY } from './denials';
import { verifyVisit } from './evv';
import { listVisitsNeedingNotes } from './needs-notes';
import { cancelVisit, listMyVisits, listReferralVisits, markVisitMissed, planVisits, rescheduleVisit, scheduleVisit, VISIT_ACTIONS, viewVisit } from './service';

// Any string: an id that is no visit's is answered 404 like any visit the caller cannot see.
const idParams = z.object({ id: z.string().max(100) });

/**
 * Visits of matched referrals: scheduling, the calendar, changes with reasons and verification at
 * the point of care. Only the referral's agency and matched therapist see them; every read and
 * write, allowed or refused (signed out included), is audited.
 */
export const visitRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(visitCalendarRoutes, deps);
  await app.register(referralVisitRoutes, deps);
  await app.register(visitChangeRoutes, deps);
};

function visitServiceDeps(deps: AppDeps) {
  return { database: deps.database, jobs: deps.jobs, phiBox: createPhiBox(deps.secrets.phiKey), config: deps.config };
}

/** The caller's visits across referrals: the calendar and the notes still to write. */
const visitCalendarRoutes: RoutesPlugin = async (app, deps) => {
  const serviceDeps = visitServiceDeps(deps);
  const needsNotesDeps = { ...serviceDeps, noteDueHours: deps.config.noteDueHours };

  app.get(
    '/visits',
    {
      schema: {
        tags: ['visits'],
        summary:
          "The caller's visits starting in [from, to) (a therapist's own, an agency's all), or with `reference` those of that referral at any date: summaries for the calendar",
        querystring: visitRangeQuerySchema,
        response: { 200: visitListSchema },
      },
      config: phiRoute(VISIT_ACTIONS.list, VISIT_ENTITY),
    },
    async (request) => {
      const { from, to, reference } = request.query;
      if (reference !== undefined) return listMyVisits(serviceDeps, { ...callerOf(request), reference });
      // The schema requires both whenever no reference is given.
      return listMyVisits(serviceDeps, { ...callerOf(request), from: new Date(from ?? ''), to: new Date(to ?? '') });
    },
  );

  app.get(
    '/visits/needs-notes',
    {
      schema: {
        tags: ['visits'],
        summary: "The therapist's checked-out visits whose note is not started, a draft or returned, oldest first, with when each is due",
        response: { 200: visitsNeedingNotesSchema },
      },
      config: phiRoute(VISIT_ACTIONS.list, VISIT_ENTITY),
    },
    async (request) => listVisitsNeedingNotes(needsNotesDeps, { ...callerOf(request) }),
  );
};

/** One referral's visits: listing, planning and booking them. */
const referralVisitRoutes: RoutesPlugin = async (app, deps) => {
  const serviceDeps = visitServiceDeps(deps);

  app.get(
    '/referrals/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: "A referral's services (booked of their visit count) and visits, for its agency and matched therapist",
        params: idParams,
        response: { 200: referralVisitsSchema },
      },
      config: phiRoute(VISIT_ACTIONS.list, 'referral'),
    },
    async (request) => listReferralVisits(serviceDeps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.post(
    '/referrals/:id/visits/plan',
    {
      schema: {
        tags: ['visits'],
        summary: "Proposes dates for the visits not yet booked, following the referral's frequency from startDate (saves nothing); matched therapist, aal2",
        params: idParams,
        body: planVisitsInputSchema,
        response: { 200: visitPlanSchema },
      },
      config: phiRoute(VISIT_ACTIONS.plan, 'referral'),
    },
    async (request) => planVisits(serviceDeps, { ...callerOf(request), referralId: request.params.id, startDate: request.body.startDate }),
  );

  app.post(
    '/referrals/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'Schedules one visit of a service on the referral (matched therapist, aal2); the first moves the referral to in progress',
        params: idParams,
        body: scheduleVisitInputSchema,
        response: { 201: visitDetailSchema },
      },
      config: phiRoute(VISIT_ACTIONS.schedule, 'referral'),
    },
    async (request, reply) => {
      const visit = await scheduleVisit(serviceDeps, { ...callerOf(request), referralId: request.params.id, input: request.body });
      return reply.status(201).send(visit);
    },
  );
};

/** One visit: its detail, moving, cancelling or missing it, and verification at the point of care. */
const visitChangeRoutes: RoutesPlugin = async (app, deps) => {
  const serviceDeps = visitServiceDeps(deps);

  app.get(
    '/visits/:id',
    {
      schema: {
        tags: ['visits'],
        summary: 'A visit with its verification readings, exceptions and reasons; its agency and therapist, aal2',
        params: idParams,
        response: { 200: visitDetailSchema },
      },
      config: phiRoute(VISIT_ACTIONS.read, VISIT_ENTITY),
    },
    async (request) => viewVisit(serviceDeps, { ...callerOf(request), visitId: request.params.id }),
  );

  app.put(
    '/visits/:id/schedule',
    {
      schema: {
        tags: ['visits'],
        summary: 'Moves a scheduled visit, with a reason (its therapist, aal2); a new reminder is queued',
        params: idParams,
        body: rescheduleVisitInputSchema,
        response: { 200: visitDetailSchema },
      },
      config: phiRoute(VISIT_ACTIONS.reschedule, VISIT_ENTITY),
    },
    async (request) => rescheduleVisit(serviceDeps, { ...callerOf(request), visitId: request.params.id, input: request.body }),
  );

  for (const [path, action, run, summary] of [
    ['cancel', VISIT_ACTIONS.cancel, cancelVisit, 'Cancels a scheduled visit, with a reason (either party, aal2)'],
    ['missed', VISIT_ACTIONS.missed, markVisitMissed, 'Records a scheduled visit whose start has passed as missed, with a reason (either party, aal2)'],
  ] as const) {
    app.post(
      `/visits/:id/${path}`,
      {
        schema: { tags: ['visits'], summary, params: idParams, body: visitReasonInputSchema, response: { 200: visitDetailSchema } },
        config: phiRoute(action, VISIT_ENTITY),
      },
      async (request) => run(serviceDeps, { ...callerOf(request), visitId: request.params.id, reason: request.body.reason }),
    );
  }

  for (const [path, end] of [
    ['check-in', 'check_in'],
    ['check-out', 'check_out'],
  ] as const) {
    app.post(
      `/visits/:id/${path}`,
      {
        schema: {
          tags: ['visits'],
          summary: `Visit verification: records the ${path} time and one location reading (or locationUnavailable); an exception needs a reason (its therapist, aal2)`,
          params: idParams,
          body: evvReadingInputSchema,
          response: { 200: visitDetailSchema },
        },
        config: phiRoute(VISIT_ACTIONS[end], VISIT_ENTITY),
      },
      async (request) => verifyVisit(serviceDeps, { ...callerOf(request), visitId: request.params.id, end, input: request.body }),
    );
  }
};

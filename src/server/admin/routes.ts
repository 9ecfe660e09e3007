import { z } from 'zod';
import {
  approveSignupSchema,
  invitedManagerSchema,
  inviteManagerSchema,
  rejectSignupSchema,
  signupItemSchema,
  signupListQuerySchema,
  signupPageSchema,
} from '../../domain/admin';
import { callerOf, manager, requireAuth } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { registerCredentialChangeRoutes } from './credential-change-routes';
import { presentSignup } from './presenters';
import { listSignups } from './queries';
import { createManager, reviewSignup } from './service';
import { registerUndeliveredRoutes } from './undelivered-routes';

const userIdParams = z.object({ userId: z.string().trim().min(1).max(100) });

/** The admin area: every route here is for approved managers who passed a second factor (aal2). */
export const adminRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, manager);
  const serviceDeps = { database: deps.database, jobs: deps.jobs, publicUrl: deps.config.publicUrl, requiredCredentials: deps.config.trust.requiredCredentials };
  registerCredentialChangeRoutes(app, deps);
  registerUndeliveredRoutes(app, deps);

  app.get(
    '/admin/signups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts for review, newest first, filtered by status, type and a search of name and email',
        querystring: signupListQuerySchema,
        response: { 200: signupPageSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listSignups(deps.database.db, request.query);
      return { items: rows.map(presentSignup), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.post(
    '/admin/signups/:userId/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Approve an agency or therapist account; the user is emailed. A therapist needs every required credential verified (409 naming what is missing) unless overrideCredentials is set with a reason',
        params: userIdParams,
        body: approveSignupSchema.optional(),
        response: { 200: signupItemSchema },
      },
    },
    async (request) =>
      reviewSignup(serviceDeps, {
        ...callerOf(request),
        userId: request.params.userId,
        decision: 'approved',
        reason: request.body?.reason,
        overrideCredentials: request.body?.overrideCredentials,
      }),
  );

  app.post(
    '/admin/signups/:userId/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject an agency or therapist account with a reason; the user is emailed',
        params: userIdParams,
        body: rejectSignupSchema,
        response: { 200: signupItemSchema },
      },
    },
    async (request) =>
      reviewSignup(serviceDeps, {
        ...callerOf(request),
        userId: request.params.userId,
        decision: 'rejected',
        reason: request.body.reason,
      }),
  );

  app.post(
    '/admin/managers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite a manager; they are mailed a link to set their password',
        body: inviteManagerSchema,
        response: { 201: invitedManagerSchema },
      },
    },
    async (request, reply) => {
      const created = await createManager(serviceDeps, { ...callerOf(request), input: request.body });
      return reply.status(201).send({ id: created.id, email: created.email, name: created.name });
    },
  );
};

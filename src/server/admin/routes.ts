import type { FastifyRequest } from 'fastify';
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
import { requireManagerAal2 } from '../auth/guards';
import { requireActor, type Actor } from '../auth/session';
import type { RoutesPlugin } from '../http/plugin';
import { registerCredentialChangeRoutes } from './credential-change-routes';
import { presentSignup } from './presenters';
import { listSignups } from './queries';
import { createManager, reviewSignup, type RequestContext } from './service';

const userIdParams = z.object({ userId: z.string().trim().min(1).max(100) });

function contextOf(request: FastifyRequest): RequestContext {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The admin area: every route here is for approved managers who passed a second factor (aal2). */
export const adminRoutes: RoutesPlugin = async (app, deps) => {
  const managers = new WeakMap<FastifyRequest, Actor>();

  // Before validation, so someone without access learns nothing about the inputs these routes take.
  app.addHook('preValidation', async (request) => {
    const actor = await requireActor(request, deps);
    requireManagerAal2(actor);
    managers.set(request, actor);
  });
  const managerOf = (request: FastifyRequest): Actor => {
    const actor = managers.get(request);
    if (!actor) throw new Error('admin route ran without the manager check');
    return actor;
  };
  const serviceDeps = { database: deps.database, jobs: deps.jobs, publicUrl: deps.config.publicUrl };
  registerCredentialChangeRoutes(app, deps, (request) => managerOf(request).userId);

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
        summary: 'Approve an agency or therapist account; the user is emailed',
        params: userIdParams,
        body: approveSignupSchema.optional(),
        response: { 200: signupItemSchema },
      },
    },
    async (request) =>
      reviewSignup(serviceDeps, {
        reviewerId: managerOf(request).userId,
        userId: request.params.userId,
        decision: 'approved',
        reason: request.body?.reason,
        context: contextOf(request),
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
        reviewerId: managerOf(request).userId,
        userId: request.params.userId,
        decision: 'rejected',
        reason: request.body.reason,
        context: contextOf(request),
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
      const manager = managerOf(request);
      const created = await createManager(serviceDeps, {
        input: request.body,
        invitedBy: { userId: manager.userId, name: manager.name },
        context: contextOf(request),
      });
      return reply.status(201).send({ id: created.id, email: created.email, name: created.name });
    },
  );
};

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountTypeSchema } from '../../domain/account-type';
import { requireActor, type Actor } from '../auth/session';
import type { RoutesPlugin } from '../http/plugin';
import { chooseAccountType } from './account-type-service';

export const accountTypeRoutes: RoutesPlugin = async (app, deps) => {
  // Signed in (and past any second factor) before the body is validated: a signed-out caller gets 401.
  const actors = new WeakMap<FastifyRequest, Actor>();

  app.post(
    '/onboarding/account-type',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'For a user without an account record (after social sign-in): choose agency or therapist and give the sign-up details',
        body: accountTypeSchema,
        response: { 201: z.object({ userType: z.enum(['agency', 'therapist']), status: z.literal('pending') }) },
      },
      preValidation: async (request) => {
        actors.set(request, await requireActor(request, deps));
      },
    },
    async (request, reply) => {
      const actor = actors.get(request);
      if (!actor) throw new Error('account-type route ran without its preValidation hook');
      await chooseAccountType({
        database: deps.database,
        jobs: deps.jobs,
        actor: { userId: actor.userId, email: actor.email, hasAccount: actor.account !== null },
        input: request.body,
        client: { ipAddress: request.ip, userAgent: request.headers['user-agent'] },
      });
      return reply.status(201).send({ userType: request.body.userType, status: 'pending' as const });
    },
  );
};

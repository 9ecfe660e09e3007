import { z } from 'zod';
import { accountTypeSchema } from '../../domain/account-type';
import { callerOf } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { chooseAccountType } from './account-type-service';

export const accountTypeRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/onboarding/account-type',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'For a user without an account record (after social sign-in): choose agency or therapist and give the sign-up details',
        body: accountTypeSchema,
        response: { 201: z.object({ userType: z.enum(['agency', 'therapist']), status: z.literal('pending') }) },
      },
      // Signed in (and past any second factor) before the body is validated: a signed-out caller gets 401.
      config: { auth: {} },
    },
    async (request, reply) => {
      await chooseAccountType(deps, { ...callerOf(request), input: request.body });
      return reply.status(201).send({ userType: request.body.userType, status: 'pending' as const });
    },
  );
};

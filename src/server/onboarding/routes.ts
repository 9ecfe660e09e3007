import type { FastifyRequest } from 'fastify';
import { onboardingSchema, onboardingStateSchema } from '../../domain/onboarding';
import { requireActor } from '../auth/session';
import type { RoutesPlugin } from '../http/plugin';
import { onboardingAccount } from './policy';
import { getOnboarding, saveOnboarding, type OnboardingActor } from './service';

export const onboardingRoutes: RoutesPlugin = async (app, deps) => {
  // Authenticated and authorized before the body is validated, so a signed-out caller learns
  // nothing about the schema and always gets 401.
  const actors = new WeakMap<FastifyRequest, OnboardingActor>();
  const authorize = async (request: FastifyRequest) => {
    const actor = await requireActor(request, deps);
    actors.set(request, { userId: actor.userId, ...onboardingAccount(actor) });
  };
  const actorOf = (request: FastifyRequest): OnboardingActor => {
    const actor = actors.get(request);
    if (!actor) throw new Error('onboarding route ran without its preValidation hook');
    return actor;
  };

  app.get(
    '/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: "The signed-in user's saved onboarding details, with default rates where none are saved",
        response: { 200: onboardingStateSchema },
      },
      preValidation: authorize,
    },
    async (request) => getOnboarding({ database: deps.database, actor: actorOf(request) }),
  );

  app.put(
    '/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Save professional information and, for therapists, rates per service and service radius',
        body: onboardingSchema,
        response: { 200: onboardingStateSchema },
      },
      preValidation: authorize,
    },
    async (request) =>
      saveOnboarding({
        database: deps.database,
        actor: actorOf(request),
        input: request.body,
        client: { ipAddress: request.ip, userAgent: request.headers['user-agent'] },
      }),
  );
};

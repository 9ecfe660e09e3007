import { onboardingSchema, onboardingStateSchema } from '../../domain/onboarding';
import { callerOf, requireAuth } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { onboardingAccount } from './policy';
import { getOnboarding, saveOnboarding } from './service';

export const onboardingRoutes: RoutesPlugin = async (app, deps) => {
  // Agencies and therapists at any review status; a caller without access learns nothing about the schema.
  requireAuth(app, { check: onboardingAccount });

  app.get(
    '/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: "The signed-in user's saved onboarding details, with default rates where none are saved",
        response: { 200: onboardingStateSchema },
      },
    },
    async (request) => getOnboarding(deps, { actor: request.actor }),
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
    },
    async (request) => saveOnboarding(deps, { ...callerOf(request), input: request.body }),
  );
};

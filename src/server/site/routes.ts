import { z } from 'zod';
import { publicProviders } from '../auth/social-providers';
import type { RoutesPlugin } from '../http/plugin';

export const siteRoutes: RoutesPlugin = async (app, { config }) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Deployment settings the web app needs',
        response: {
          200: z.object({
            demoSchedulingUrl: z.string(),
            sessionIdleSeconds: z.number(),
            socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async () => ({
      demoSchedulingUrl: config.demoSchedulingUrl,
      sessionIdleSeconds: config.sessionIdleSeconds,
      socialProviders: publicProviders(config.oidcProviders),
    }),
  );
};

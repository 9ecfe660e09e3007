import { z } from 'zod';
import { publicProviders } from '../auth/social-providers';
import type { RoutesPlugin } from '../http/plugin';
import { notModifiedSchema, sendStored, storedJson } from '../http/stored-answer';

const siteSchema = z.object({
  demoSchedulingUrl: z.string(),
  sessionIdleSeconds: z.number(),
  socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const siteRoutes: RoutesPlugin = async (app, { config }) => {
  // The settings come from the deployment's configuration, which does not change while it runs.
  const site = storedJson(siteSchema, () => ({
    demoSchedulingUrl: config.demoSchedulingUrl,
    sessionIdleSeconds: config.sessionIdleSeconds,
    socialProviders: publicProviders(config.oidcProviders),
  }));

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Deployment settings the web app needs',
        response: { 200: siteSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => sendStored(request, reply, site),
  );
};

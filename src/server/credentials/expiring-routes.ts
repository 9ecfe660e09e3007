import { expiringCredentialListSchema } from '../../domain/credential-expiry';
import { manager, requireAuth } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { listExpiringCredentials } from './expiring-list';

/** The managers' "Expiring soon" list: approved managers who passed a second factor (aal2), like the rest of the admin area. */
export const expiringCredentialRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, manager);

  app.get(
    '/admin/expiring-credentials',
    {
      schema: {
        tags: ['admin'],
        summary: "Approved therapists' credentials expiring within 60 days or expired, soonest first, with the last reminder sent",
        response: { 200: expiringCredentialListSchema },
      },
    },
    async () => listExpiringCredentials(deps),
  );
};

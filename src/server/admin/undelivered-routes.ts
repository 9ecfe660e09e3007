import { z } from 'zod';
import { retriedUndeliveredSchema, undeliveredListSchema } from '../../domain/undelivered';
import type { AppDeps } from '../app';
import { callerOf } from '../auth/authenticate';
import { listUndeliveredMessages, retryUndeliveredMessage } from '../delivery/service';
import type { RoutesPlugin } from '../http/plugin';

type AdminApp = Parameters<RoutesPlugin>[0];

const messageParams = z.object({ messageId: z.uuid({ error: 'Not an undelivered message id' }) });

/** Messages the job queue gave up on, and their Retry. Registered inside the admin plugin, which requires a manager at aal2. */
export function registerUndeliveredRoutes(app: AdminApp, deps: Pick<AppDeps, 'database' | 'jobs'>) {
  app.get(
    '/admin/undelivered',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mail, texts, sign-up chat messages and referral alerts whose delivery was given up on and not retried, newest first (kind, masked recipient, attempts, last error; never content)',
        response: { 200: undeliveredListSchema },
      },
    },
    async () => listUndeliveredMessages(deps),
  );

  app.post(
    '/admin/undelivered/:messageId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queue an undelivered message again (audited); 409 when it was already retried',
        params: messageParams,
        response: { 200: retriedUndeliveredSchema },
      },
    },
    async (request) => retryUndeliveredMessage(deps, { ...callerOf(request), messageId: request.params.messageId }),
  );
}

import { z } from 'zod';
import {
  credentialChangeItemSchema,
  credentialChangeListSchema,
  rejectCredentialChangeSchema,
} from '../../domain/credential-changes';
import type { AppDeps } from '../app';
import { callerOf } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { listCredentialChanges, reviewCredentialChange } from '../onboarding/credential-review';

type AdminApp = Parameters<RoutesPlugin>[0];

const changeParams = z.object({ changeId: z.uuid({ error: 'Not a credential change id' }) });

/** Credential changes made after approval, for review. Registered inside the admin plugin, which requires a manager at aal2. */
export function registerCredentialChangeRoutes(app: AdminApp, deps: Pick<AppDeps, 'database'>) {
  app.get(
    '/admin/credential-changes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credentials changed after approval and awaiting review, oldest first, beside the approved ones',
        response: { 200: credentialChangeListSchema },
      },
    },
    async () => ({ items: await listCredentialChanges(deps) }),
  );

  app.post(
    '/admin/credential-changes/:changeId/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a credential change: it becomes the credential the account is matched on',
        params: changeParams,
        response: { 200: credentialChangeItemSchema },
      },
    },
    async (request) =>
      reviewCredentialChange(deps, {
        ...callerOf(request),
        changeId: request.params.changeId,
        decision: 'approved',
      }),
  );

  app.post(
    '/admin/credential-changes/:changeId/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a credential change with a reason: the approved credential stays in force',
        params: changeParams,
        body: rejectCredentialChangeSchema,
        response: { 200: credentialChangeItemSchema },
      },
    },
    async (request) =>
      reviewCredentialChange(deps, {
        ...callerOf(request),
        changeId: request.params.changeId,
        decision: 'rejected',
        reason: request.body.reason,
      }),
  );
}

import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { userTypes, accountStatuses } from '../../domain/accounts';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { AppError } from '../errors';
import { fromThisMachine } from '../http/from-this-machine';
import type { RoutesPlugin } from '../http/plugin';
import { auditDemoSignIn, chooseDemoSession, listDemoPeople } from './demo-sign-in';

const demoPersonSchema = z.object({
  email: z.string(),
  name: z.string(),
  userType: z.enum(userTypes),
  status: z.enum(accountStatuses),
});

const signInBodySchema = z.object({
  email: z.string({ error: 'Choose a demo person' }).trim().min(1, 'Choose a demo person').max(254, 'Choose a demo person'),
});

const FOREIGN_PAGE = 'This request came from a page that is not allowed to make it.';

/**
 * Development only (app.ts registers these outside production): the demo people, and "Sign in as"
 * one of them in one click. Like the mailbox they answer only this machine; to anyone else, and
 * in production, they do not exist. The sign-in also needs the Origin of one of our own pages,
 * cookies or not, so another site open in the same browser cannot sign it in as someone.
 */
export const demoSignInRoutes: RoutesPlugin = async (app, deps) => {
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request)) throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
  });

  app.get(
    '/dev/demo-people',
    {
      schema: {
        tags: ['development'],
        summary: 'The demo people "Sign in as" offers (development only)',
        response: { 200: z.object({ people: z.array(demoPersonSchema) }) },
      },
    },
    async () => ({ people: await listDemoPeople(deps) }),
  );

  app.post(
    '/dev/demo-sign-in',
    {
      schema: {
        tags: ['development'],
        summary: 'Signs this browser in as a demo person, with their second factor satisfied (development only)',
        body: signInBodySchema,
        response: { 200: z.object({ aal: z.enum(['aal1', 'aal2']) }) },
      },
    },
    async (request, reply) => {
      if (!request.headers.origin || !deps.config.allowedOrigins.includes(request.headers.origin)) throw new AppError('FORBIDDEN', FOREIGN_PAGE);
      const { person, aal } = await chooseDemoSession(deps, { email: request.body.email });
      const headers = fromNodeHeaders(request.headers);
      // The session records the client as Fastify sees it (TRUST_PROXY honoured), never as a header claims.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const opened = await deps.auth.api.openDemoSession({ body: { userId: person.userId, aal }, headers, returnHeaders: true });
      await auditDemoSignIn(deps, { userId: person.userId, aal, client: request.client });
      return reply.header('set-cookie', opened.headers.getSetCookie()).send({ aal });
    },
  );
};

import type { AppDeps } from '../app';
import type { RoutesPlugin } from '../http/plugin';

/** The public signing keys, at the standard address JOSE clients look for. */
export const jwksRoutes: RoutesPlugin<AppDeps> = async (app, { auth }) => {
  app.get('/.well-known/jwks.json', { schema: { tags: ['auth'], summary: 'Public keys that sign API tokens (JWKS)' } }, async (_request, reply) => {
    const set = await auth.api.getJwks();
    return reply.header('cache-control', 'public, max-age=300').send(set);
  });
};

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError } from '../http/errors';
import { registerAuthentication, requireAuth } from './authenticate';

/**
 * Which routes ask for a caller: those declaring a requirement, and every route of a plugin that
 * declared one with requireAuth (its own plugins' too), and no other. A request without a session
 * is refused before any lookup, so no database is needed to see it.
 */
describe('the routes that ask for a caller', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    registerAuthentication(app, {} as never);
    app.get('/public', async () => ({ ok: true }));
    app.get('/declared', { config: { auth: {} } }, async () => ({ ok: true }));
    app.get('/public/reads-actor', async (request) => ({ userId: request.actor.userId }));
    await app.register(async (members) => {
      requireAuth(members, { roles: ['agency'] });
      members.get('/members/page', async () => ({ ok: true }));
      await members.register(async (nested) => {
        nested.get('/members/nested/page', async () => ({ ok: true }));
      });
    });
    await app.register(async (sibling) => {
      sibling.get('/sibling/page', async () => ({ ok: true }));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const statusOf = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  it('refuses a request without a session on a route declaring a requirement', async () => {
    expect(await statusOf('/declared')).toBe(401);
  });

  it("refuses it on every route of a plugin's requirement, its own plugins' included", async () => {
    expect(await statusOf('/members/page')).toBe(401);
    expect(await statusOf('/members/nested/page')).toBe(401);
  });

  it('answers it on a public route, and in a plugin beside the one with a requirement', async () => {
    expect(await statusOf('/public')).toBe(200);
    expect(await statusOf('/sibling/page')).toBe(200);
  });

  it('fails a public route that reads the caller: a route that needs one must declare it', async () => {
    expect(await statusOf('/public/reads-actor')).toBe(500);
  });
});

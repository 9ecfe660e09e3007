import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetOnWrites } from './tenant-reads';

describe("a signed-in user's write", () => {
  const app = Fastify();
  const forgotten: string[] = [];
  forgetOnWrites(app, { forget: (userId) => forgotten.push(userId) }, (request) => request.headers['x-user'] as string | undefined);
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/thing',
      // The route's own hook, after the writer's reads were dropped: the answer says what was dropped by then.
      onSend: async (_request, reply) => {
        reply.header('x-forgotten', forgotten.join(','));
      },
      handler: async () => ({ ok: true }),
    });
  }
  afterEach(() => {
    forgotten.length = 0;
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s drops the writer’s kept reads before its answer leaves', async (method) => {
    const response = await app.inject({ method, url: '/thing', headers: { 'x-user': 'agency-1' } });
    expect(response.headers['x-forgotten']).toBe('agency-1');
  });

  it('a read keeps them, and a write by no signed-in user drops nothing', async () => {
    expect((await app.inject({ method: 'GET', url: '/thing', headers: { 'x-user': 'agency-1' } })).headers['x-forgotten']).toBe('');
    expect((await app.inject({ method: 'POST', url: '/thing' })).headers['x-forgotten']).toBe('');
  });
});

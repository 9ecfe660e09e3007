import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RoutesPlugin } from '../http/plugin';

const componentSchema = z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().optional() });

async function timed(check: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await check();
    return { status: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down' as const };
  }
}

export const healthRoutes: RoutesPlugin = async (app, { database, jobs }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Database and job-queue status',
        response: {
          200: z.object({ status: z.literal('ok'), database: componentSchema, jobs: componentSchema }),
          503: z.object({ status: z.literal('degraded'), database: componentSchema, jobs: componentSchema }),
        },
      },
    },
    async (_request, reply) => {
      const [db, queue] = await Promise.all([
        timed(() => database.db.execute(sql`SELECT 1`)),
        timed(async () => {
          if (!(await jobs.boss.isInstalled())) throw new Error('job schema missing');
        }),
      ]);
      if (db.status === 'up' && queue.status === 'up') return { status: 'ok' as const, database: db, jobs: queue };
      return reply.status(503).send({ status: 'degraded' as const, database: db, jobs: queue });
    },
  );
};

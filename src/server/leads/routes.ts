import { z } from 'zod';
import { leadSchema } from '../../domain/inquiries';
import type { RoutesPlugin } from '../http/plugin';
import { createLead } from './service';

export const leadRoutes: RoutesPlugin = async (app, { database, jobs, config }) => {
  app.post(
    '/leads',
    {
      schema: {
        tags: ['site'],
        summary: 'Leave your details from the landing page',
        body: leadSchema,
        response: { 201: z.object({ id: z.string(), createdAt: z.date() }) },
      },
    },
    async (request, reply) => {
      const row = await createLead({ database, jobs, teamEmail: config.teamEmail, lead: request.body });
      return reply.status(201).send(row);
    },
  );
};

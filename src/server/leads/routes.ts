import { z } from 'zod';
import { leadSchema } from '../../domain/inquiries';
import { limitPerAddress } from '../http/address-rate-limit';
import type { RoutesPlugin } from '../http/plugin';
import { createLead } from './service';

export const leadRoutes: RoutesPlugin = async (app, { database, jobs, config }) => {
  app.post(
    '/leads',
    {
      // Each one mails the team, so an address may send only a few.
      onRequest: limitPerAddress(database.db, { name: 'leads', windowSeconds: 600, max: 5 }),
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

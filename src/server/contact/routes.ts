import { z } from 'zod';
import { contactMessageSchema } from '../../domain/inquiries';
import type { RoutesPlugin } from '../http/plugin';
import { sendContactMessage } from './service';

export const contactRoutes: RoutesPlugin = async (app, { database, jobs, config }) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['site'],
        summary: 'Send a message to the CareRelay team',
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.string(), createdAt: z.date() }) },
      },
    },
    async (request, reply) => {
      const row = await sendContactMessage({ database, jobs, teamEmail: config.teamEmail, message: request.body });
      return reply.status(201).send(row);
    },
  );
};

import { z } from 'zod';
import { contactMessageSchema } from '../../domain/inquiries';
import { limitPerAddress } from '../http/address-rate-limit';
import type { RoutesPlugin } from '../http/plugin';
import { sendContactMessage } from './service';

export const contactRoutes: RoutesPlugin = async (app, { database, jobs, config }) => {
  app.post(
    '/contact',
    {
      // Each one mails the team, so an address may send only a few.
      onRequest: limitPerAddress(database.db, { name: 'contact', windowSeconds: 600, max: 5 }),
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

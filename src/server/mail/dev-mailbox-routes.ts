import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailMessages, smsMessages } from '../db/schema/index';
import { AppError } from '../errors';
import { fromThisMachine } from '../http/from-this-machine';
import type { RoutesPlugin } from '../http/plugin';

const mailSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  status: z.string(),
  createdAt: z.date(),
});

/**
 * The development mailbox: every mail (and SMS) the app has sent, so links in sign-up and reset mails can be
 * followed without a mail server. Registered only outside production, and it holds everyone's sign-in
 * links and codes, so it answers only requests from this machine; to anyone else it does not exist.
 */
export const devMailboxRoutes: RoutesPlugin = async (app, { database }) => {
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request)) throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
  });

  const columns = {
    id: mailMessages.id,
    toAddress: mailMessages.toAddress,
    subject: mailMessages.subject,
    textBody: mailMessages.textBody,
    htmlBody: mailMessages.htmlBody,
    status: mailMessages.status,
    createdAt: mailMessages.createdAt,
  };

  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Mail sent by the app (development only)',
        querystring: z.object({ to: z.string().optional() }),
        response: {
          200: z.object({
            messages: z.array(mailSchema),
            sms: z.array(z.object({ id: z.string(), toNumber: z.string(), body: z.string(), status: z.string(), createdAt: z.date() })),
          }),
        },
      },
    },
    async (request) => {
      const messages = await database.db
        .select(columns)
        .from(mailMessages)
        .where(request.query.to ? eq(mailMessages.toAddress, request.query.to) : undefined)
        .orderBy(desc(mailMessages.createdAt))
        .limit(100);
      // Text messages (sign-in codes) are kept here too when no SMS provider is configured.
      const sms = await database.db
        .select({ id: smsMessages.id, toNumber: smsMessages.toNumber, body: smsMessages.body, status: smsMessages.status, createdAt: smsMessages.createdAt })
        .from(smsMessages)
        .orderBy(desc(smsMessages.createdAt))
        .limit(50);
      return { messages, sms };
    },
  );

  app.get(
    '/dev/mailbox/:id',
    {
      schema: {
        tags: ['development'],
        params: z.object({ id: z.uuid({ error: 'Invalid message id' }) }),
        response: { 200: mailSchema },
      },
    },
    async (request) => {
      const [message] = await database.db.select(columns).from(mailMessages).where(eq(mailMessages.id, request.params.id));
      if (!message) throw new AppError('NOT_FOUND', 'Message not found');
      return message;
    },
  );
};

import { requireAuth } from '../auth/authenticate';
import { sessionIdOf } from '../auth/live-session';
import { getActor } from '../auth/session';
import { AppError } from '../errors';
import type { RoutesPlugin } from '../http/plugin';
import {
  markAllReadResultSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  streamQuerySchema,
} from './schemas';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service';
import { serveNotificationStream } from './stream';

const EVENT_ID = /^\d{1,15}$/;

export const notificationRoutes: RoutesPlugin = async (app, deps) => {
  // Every route here is for the signed-in user; opening (or an EventSource reopening) the stream is
  // not the user at the keyboard, so it must not keep an idle session alive. Declared before both
  // plugins are registered, so it covers their routes.
  requireAuth(app, {});
  await app.register(notificationStreamRoutes, deps);
  await app.register(notificationListRoutes, deps);
};

/** The live stream of the signed-in user's notifications (Server-Sent Events). */
const notificationStreamRoutes: RoutesPlugin = async (app, deps) => {
  // Open streams are ended when the app closes; otherwise the server would wait on them forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications as Server-Sent Events; Last-Event-ID replays what was missed",
        querystring: streamQuerySchema,
      },
      config: { auth: { background: true } },
    },
    async (request, reply) => {
      const { actor } = request;
      const header = request.headers['last-event-id'];
      const raw = (typeof header === 'string' && header !== '' ? header : undefined) ?? request.query.lastEventId;
      if (raw !== undefined && !EVENT_ID.test(raw)) throw new AppError('VALIDATION', 'Last-Event-ID must be a notification id.');

      reply.hijack();
      // After hijack Fastify sends nothing itself: carry over the headers hooks have set (request
      // id, CORS, and helmet's security headers) and add the event-stream ones.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Stops nginx and similar proxies from buffering the stream.
        'x-accel-buffering': 'no',
      });
      const end = serveNotificationStream({
        database: deps.database,
        broker: deps.notifications,
        userId: actor.userId,
        sessionId: sessionIdOf(actor),
        lastEventId: raw === undefined ? undefined : Number(raw),
        response: reply.raw,
        log: request.log,
        // The full check, run every few minutes; the stream also checks its session in each batched
        // read and ends when the session's end is announced. It never refreshes the idle timer.
        stillSignedIn: async () => (await getActor(request, deps, { background: true }).catch(() => null)) !== null,
      });
      open.add(end);
      reply.raw.on('close', () => open.delete(end));
    },
  );
};

/** The signed-in user's notifications: the list and marking them read. */
const notificationListRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications, newest first, with the number unread",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { unreadOnly, before, limit } = request.query;
      return listNotifications(deps, { actor: request.actor, unreadOnly: unreadOnly === 'true', before, limit });
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks all the signed-in user's notifications read",
        response: { 200: markAllReadResultSchema },
      },
    },
    async (request) => markAllNotificationsRead(deps, { actor: request.actor }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks one of the signed-in user's notifications read",
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => markNotificationRead(deps, { actor: request.actor, id: request.params.id }),
  );
};

import { z } from 'zod';
import { calendarFeedStatusSchema, createdCalendarFeedSchema } from '../../domain/calendar-feed';
import { approvedTherapist, callerOf, requireAuth } from '../auth/authenticate';
import type { AppDeps } from '../app';
import { limitPerAddress } from '../http/address-rate-limit';
import type { RoutesPlugin } from '../http/plugin';
import { createCalendarFeed, getCalendarFeedStatus, renderCalendarFeed, revokeCalendarFeed } from './service';

const tags = ['calendar feed'];
const serviceOf = (deps: AppDeps) => ({ database: deps.database, publicUrl: deps.config.publicUrl });

/** /api/therapist/calendar-feed: the signed-in therapist's feed link (create, status, revoke). */
export const calendarFeedRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, approvedTherapist);
  const service = serviceOf(deps);

  app.get(
    '/therapist/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in therapist has a live calendar feed link, since when, and when a calendar app last read it (never the link)',
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => getCalendarFeedStatus(service, { actor: request.actor }),
  );

  app.post(
    '/therapist/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Creates a private calendar feed link of the therapist’s visits, revoking the previous one; the URL is in this answer only',
        response: { 201: createdCalendarFeedSchema },
      },
    },
    async (request, reply) => {
      const created = await createCalendarFeed(service, callerOf(request));
      // The answer is the only copy of the link: no cache keeps it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/therapist/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Revokes the therapist’s calendar feed link: calendar apps reading it get 404 from then on',
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => revokeCalendarFeed(service, callerOf(request)),
  );
};

/** /api/calendar/<token>.ics: the feed itself, read by calendar apps, which send no session. */
export const publicCalendarFeedRoutes: RoutesPlugin = async (app, deps) => {
  const service = serviceOf(deps);
  app.get(
    '/calendar/:file',
    {
      // Calendar services read many people's feeds from a few addresses, so the limit is generous;
      // it bounds the load one address can put on the database, not the guessing of 256-bit tokens.
      onRequest: limitPerAddress(deps.database.db, { name: 'calendar-feed', windowSeconds: 60, max: 120 }),
      // The token is the path: the request log writes /api/calendar/:file instead.
      config: { secretPath: true },
      schema: {
        tags,
        summary: 'A therapist’s visits as an iCalendar (RFC 5545) feed, text/calendar; 404 for an unknown or revoked link',
        description:
          'One event per visit from 90 days back to 400 days ahead: the referral reference and town, start and end in UTC, STATUS:CANCELLED for cancelled visits and a link to the visit. Nothing identifies the patient.',
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const body = await renderCalendarFeed(service, { token });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="carerelay-visits.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
};

import { z } from 'zod';
import { accountStatuses, userTypes } from '../../domain/accounts';
import { signupSchema } from '../../domain/signup';
import { timeZoneChoiceSchema } from '../../domain/time-zones';
import { callerOf } from '../auth/authenticate';
import { consumeRateLimit } from '../http/db-rate-limit';
import type { RoutesPlugin } from '../http/plugin';
import { isResetTokenUsable } from './reset-token';
import { signUp } from './signup-service';
import { changeTimeZone, timeZoneOf } from './time-zone-service';

const userTimeZoneSchema = z.object({
  /** The IANA zone every time is shown in: the user's choice, else the default. */
  timeZone: z.string(),
  /** False until the user has chosen one; the dashboard then asks, once. */
  timeZoneChosen: z.boolean(),
});

export const accountRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/accounts/signup',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign up as an agency or a therapist; a link to set the password is mailed',
        body: signupSchema,
        response: { 201: z.object({ status: z.literal('pending') }) },
      },
    },
    async (request, reply) => {
      // Per client address, shared by every instance through the database.
      await consumeRateLimit(deps.database.db, `signup|${request.ip}`, { windowSeconds: 600, max: 5 });
      await signUp({ database: deps.database, jobs: deps.jobs, publicUrl: deps.config.publicUrl }, request.body);
      return reply.status(201).send({ status: 'pending' as const });
    },
  );

  app.post(
    '/accounts/reset-token/check',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a set- or reset-password link is still usable (the page checks before showing its form)',
        body: z.object({ token: z.string().trim().min(1, 'Invalid or missing reset tokens. Please request a new password reset.').max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => ({ valid: await isResetTokenUsable(deps.database, request.body.token) }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user and their account record',
        response: {
          200: z.object({
            user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
            account: z.object({ userType: z.enum(userTypes), status: z.enum(accountStatuses) }).nullable(),
            /** aal1 with nextLevel aal2: the user must pass their second factor before anything else. */
            aal: z.enum(['aal1', 'aal2']),
            nextLevel: z.enum(['aal1', 'aal2']),
          }).extend(userTimeZoneSchema.shape),
        },
      },
      // The web asks this before a second factor is passed, to learn that one is owed.
      config: { auth: { allowAal1: true } },
    },
    async (request) => {
      const { actor } = request;
      const zone = timeZoneOf(actor);
      return {
        user: { id: actor.userId, email: actor.email, name: actor.name },
        account: actor.account,
        aal: actor.aal,
        nextLevel: actor.nextLevel,
        timeZone: zone.timeZone,
        timeZoneChosen: zone.chosen,
      };
    },
  );

  app.put(
    '/me/time-zone',
    {
      schema: {
        tags: ['accounts'],
        summary: "Set the signed-in user's time zone (an IANA name such as America/Denver), which every page, mail and text uses",
        body: timeZoneChoiceSchema,
        response: { 200: userTimeZoneSchema },
      },
      // Any role, at any review status: a pending account's status page shows times too.
      config: { auth: {} },
    },
    async (request) => {
      const zone = await changeTimeZone(deps, { ...callerOf(request), timeZone: request.body.timeZone });
      return { timeZone: zone.timeZone, timeZoneChosen: zone.chosen };
    },
  );
};

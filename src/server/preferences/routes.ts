import type { FastifyRequest } from 'fastify';
import { therapistSettingsSchema, therapistSettingsStateSchema } from '../../domain/notification-preferences';
import { requireApproved, requireUserType } from '../auth/guards';
import { requireActor } from '../auth/session';
import type { RoutesPlugin } from '../http/plugin';
import { getTherapistSettings, saveTherapistSettings } from './service';

export const preferencesRoutes: RoutesPlugin = async (app, deps) => {
  // Authenticated and authorized before the body is validated, so a signed-out caller or another
  // kind of user learns nothing about the schema.
  const userIds = new WeakMap<FastifyRequest, string>();
  const authorize = async (request: FastifyRequest) => {
    const actor = await requireActor(request, deps);
    requireUserType(actor, 'therapist');
    requireApproved(actor);
    userIds.set(request, actor.userId);
  };
  const userIdOf = (request: FastifyRequest): string => {
    const userId = userIds.get(request);
    if (!userId) throw new Error('settings route ran without its preValidation hook');
    return userId;
  };

  app.get(
    '/therapist/settings',
    {
      schema: {
        tags: ['therapist'],
        summary: "The signed-in therapist's availability for new referrals and alert preferences (defaults when none are saved)",
        response: { 200: therapistSettingsStateSchema },
      },
      preValidation: authorize,
    },
    async (request) => getTherapistSettings({ database: deps.database, userId: userIdOf(request) }),
  );

  app.put(
    '/therapist/settings',
    {
      schema: {
        tags: ['therapist'],
        summary: 'Save availability for new referrals and how referral alerts are delivered (channels, quiet hours, time zone)',
        body: therapistSettingsSchema,
        response: { 200: therapistSettingsStateSchema },
      },
      preValidation: authorize,
    },
    async (request) =>
      saveTherapistSettings({
        database: deps.database,
        userId: userIdOf(request),
        input: request.body,
        client: { ipAddress: request.ip, userAgent: request.headers['user-agent'] },
      }),
  );
};

import { therapistSettingsSchema, therapistSettingsStateSchema } from '../../domain/notification-preferences';
import { approvedTherapist, callerOf, requireAuth } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { getTherapistSettings, saveTherapistSettings } from './service';

export const preferencesRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, approvedTherapist);

  app.get(
    '/therapist/settings',
    {
      schema: {
        tags: ['therapist'],
        summary: "The signed-in therapist's availability for new referrals and alert preferences (defaults when none are saved)",
        response: { 200: therapistSettingsStateSchema },
      },
    },
    async (request) => getTherapistSettings(deps, { actor: request.actor }),
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
    },
    async (request) => saveTherapistSettings(deps, { ...callerOf(request), input: request.body }),
  );
};

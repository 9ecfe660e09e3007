import { z } from 'zod';
import { profileDetailsSchema, profileDetailsStateSchema, therapistProfileSchema } from '../../domain/therapist-profile';
import { callerOf } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { getProfileDetails, saveProfileDetails } from './details-service';
import { ownProfileDetails, profileReader } from './policy';
import { viewTherapistProfile } from './profile-service';

// Any string: an id that is no therapist's is answered 404 like one the agency has not worked with.
const idParams = z.object({ id: z.string().max(100) });

/** The therapist profile agencies read, and the details therapists give for it. */
export const therapistProfileRoutes: RoutesPlugin = async (app, deps) => {
  const profileDeps = { database: deps.database, noteDueHours: deps.config.noteDueHours };

  app.get(
    '/therapists/:id/profile',
    {
      schema: {
        tags: ['therapist profile'],
        summary:
          "A therapist's profile: verified credentials with dates, experience, care settings, specialties, languages, bio, record on the platform, reliability with its parts, rating, and the agency's own history. Agencies: therapists who answered one of their referrals or worked with them; managers (aal2): any",
        params: idParams,
        response: { 200: therapistProfileSchema },
      },
      config: { auth: { check: profileReader } },
    },
    async (request) => viewTherapistProfile(profileDeps, { actor: request.actor, therapistId: request.params.id }),
  );

  app.get(
    '/therapist/profile-details',
    {
      schema: {
        tags: ['therapist profile'],
        summary: "The signed-in therapist's experience, care settings, specialties, languages, bio and date of birth (for the exclusion check only)",
        response: { 200: profileDetailsStateSchema },
      },
      config: { auth: { check: ownProfileDetails } },
    },
    async (request) => getProfileDetails(deps, { actor: request.actor }),
  );

  app.put(
    '/therapist/profile-details',
    {
      schema: {
        tags: ['therapist profile'],
        summary: 'Save experience, care settings, specialties, languages, bio and date of birth; any therapist, at any review status',
        body: profileDetailsSchema,
        response: { 200: profileDetailsStateSchema },
      },
      config: { auth: { check: ownProfileDetails } },
    },
    async (request) => saveProfileDetails(deps, { ...callerOf(request), input: request.body }),
  );
};

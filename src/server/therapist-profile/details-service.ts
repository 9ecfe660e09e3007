import type { ProfileDetails, ProfileDetailsState } from '../../domain/therapist-profile';
import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import { inTransaction, type Database } from '../db/client';
import type { Caller } from '../use-case';
import { findProfileDetails, updateProfileDetails } from './queries';

interface Deps {
  database: Database;
}

/** GET /api/therapist/profile-details: the signed-in therapist's experience, settings, specialties, languages, bio and date of birth. */
export async function getProfileDetails({ database }: Deps, { actor }: { actor: Actor }): Promise<ProfileDetailsState> {
  const row = await findProfileDetails(database.db, actor.userId);
  // Sign-up always creates the profile, so a missing one is a broken account, not bad input.
  if (!row) throw new Error(`therapist ${actor.userId} has no therapist profile`);
  return row;
}

/** PUT /api/therapist/profile-details: saves them with their audit row, in one transaction. */
export async function saveProfileDetails(deps: Deps, { actor, client, input }: Caller & { input: ProfileDetails }): Promise<ProfileDetailsState> {
  await inTransaction(deps.database, async ({ tx }) => {
    if (!(await updateProfileDetails(tx, actor.userId, input))) throw new Error(`therapist ${actor.userId} has no therapist profile`);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'therapist.profile_details_updated',
      entityType: 'therapist_profile',
      entityId: actor.userId,
      outcome: 'success',
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      // Which lists were chosen, not the bio or the date of birth: the audit log records choices.
      details: { yearsExperience: input.yearsExperience, careSettings: input.careSettings.length, specialties: input.specialties.length, languages: input.languages.length },
    });
  });
  return getProfileDetails(deps, { actor });
}

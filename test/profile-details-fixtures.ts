import { eq } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { therapistProfiles } from '../src/server/db/schema/index';

type ProfileColumns = Partial<typeof therapistProfiles.$inferInsert>;

/**
 * Gives a built therapist the profile details agencies read (and a date of birth), straight in the
 * database, for tests whose subject is not the "About you" form. Any column can be overridden.
 */
export async function giveProfileDetails(db: Db, therapistId: string, overrides: ProfileColumns = {}) {
  await db
    .update(therapistProfiles)
    .set({
      careSettings: ['Home health', 'Outpatient'],
      specialties: ['Orthopedics', 'Vestibular'],
      languages: ['English', 'Spanish'],
      bio: 'Vestibular and orthopedic home health PT.',
      dateOfBirth: '1981-07-19',
      ...overrides,
    })
    .where(eq(therapistProfiles.id, therapistId));
}

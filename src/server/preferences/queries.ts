import { eq, sql } from 'drizzle-orm';
import type { TherapistSettings } from '../../domain/notification-preferences';
import type { Db } from '../db/client';
import { notificationPreferences, therapistProfiles } from '../db/schema/index';

/**
 * Settings SQL. Every query is keyed by the signed-in user's id, which the service takes from the
 * session; nothing here accepts an id from a request body.
 */

export async function findAvailability(db: Db, userId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ available: therapistProfiles.availableForReferrals })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, userId));
  return row?.available ?? null;
}

export async function findPreferences(db: Db, userId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

/** True when the therapist's profile was found and updated. */
export async function updateAvailability(db: Db, userId: string, available: boolean): Promise<boolean> {
  const rows = await db
    .update(therapistProfiles)
    .set({ availableForReferrals: available })
    .where(eq(therapistProfiles.id, userId))
    .returning({ id: therapistProfiles.id });
  return rows.length > 0;
}

/** The alert choices; the zone they are read in is the account's (accounts/time-zone-queries.ts). */
export async function upsertPreferences(db: Db, userId: string, preferences: Omit<TherapistSettings['preferences'], 'timeZone'>): Promise<void> {
  const values = { ...preferences, updatedAt: sql`now()` };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { useraccounts } from '../db/schema/index';

/**
 * The account's time zone. Keyed by the signed-in user's id, which callers take from the session
 * (or, for jobs, from the visit or offer they act on); nothing here takes an id from a request body.
 */

/** The zone the user chose, or null when they have not chosen one (or have no account record yet). */
export async function findTimeZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: useraccounts.timeZone }).from(useraccounts).where(eq(useraccounts.userId, userId));
  return row?.timeZone ?? null;
}

/** Returns false when the user has no account record to hold the zone. */
export async function updateTimeZone(db: Db, userId: string, timeZone: string): Promise<boolean> {
  const rows = await db.update(useraccounts).set({ timeZone }).where(eq(useraccounts.userId, userId)).returning({ id: useraccounts.id });
  return rows.length > 0;
}

import { businessToday } from '../../domain/business-date';
import { verifiedBadge } from '../../domain/credentials';
import type { Db } from '../db/client';
import { currentCredentialsOf } from './queries';

/**
 * The badge (what is verified, in words) of each therapist, for lists that show several at once
 * (a referral's responses); null for a therapist with nothing verified and in date.
 */
export async function verifiedBadgesOf(db: Db, therapistIds: readonly string[], now = new Date()): Promise<Map<string, string | null>> {
  const today = businessToday(now);
  const rows = await currentCredentialsOf(db, therapistIds, today);
  return new Map(
    therapistIds.map((id) => [
      id,
      verifiedBadge(
        rows.filter((row) => row.therapistId === id).map((row) => ({ ...row, verifiedAt: row.verifiedAt?.toISOString() ?? null })),
        today,
      ),
    ]),
  );
}

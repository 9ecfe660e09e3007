import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { businessToday } from '../../domain/business-date';
import { verifiedBadge } from '../../domain/credentials';
import type { Db } from '../db/client';
import { therapistCredentials } from '../db/schema/index';

/**
 * The badge (what is verified, in words) of each therapist, for lists that show several at once
 * (a referral's responses); null for a therapist with nothing verified and in date.
 */
export async function verifiedBadgesOf(db: Db, therapistIds: readonly string[], now = new Date()): Promise<Map<string, string | null>> {
  const badges = new Map<string, string | null>(therapistIds.map((id) => [id, null]));
  if (therapistIds.length === 0) return badges;
  const today = businessToday(now);
  const rows = await db
    .select({
      therapistId: therapistCredentials.therapistId,
      kind: therapistCredentials.kind,
      status: therapistCredentials.status,
      issuer: therapistCredentials.issuer,
      compactPrivilege: therapistCredentials.compactPrivilege,
      expiresOn: therapistCredentials.expiresOn,
      verifiedAt: therapistCredentials.verifiedAt,
    })
    .from(therapistCredentials)
    .where(
      and(
        inArray(therapistCredentials.therapistId, [...therapistIds]),
        eq(therapistCredentials.status, 'verified'),
        or(isNull(therapistCredentials.expiresOn), gte(therapistCredentials.expiresOn, today)),
      ),
    );
  for (const id of therapistIds) {
    const own = rows.filter((row) => row.therapistId === id).map((row) => ({ ...row, verifiedAt: row.verifiedAt?.toISOString() ?? null }));
    badges.set(id, verifiedBadge(own, today));
  }
  return badges;
}

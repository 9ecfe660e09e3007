import { and, eq, inArray, or } from 'drizzle-orm';
import type { ReferralStatus } from '../../domain/referrals';
import { isUuid } from '../../domain/uuid';
import type { Db } from '../db/client';
import { referrals } from '../db/schema/index';

/** What other features (patient details, visits) read of a referral: who its parties are and where it stands. */
export interface ReferralOfParty {
  id: string;
  agencyId: string;
  status: ReferralStatus;
  matchedTherapistId: string | null;
}

/**
 * The referral when `userId` is its agency or its matched therapist; null otherwise, or when there
 * is no such referral, so a user who is neither gets nothing back whatever a policy says. `lock`
 * holds it against concurrent changes (closing it, another save) until the transaction ends.
 */
export async function findReferralOfParty(db: Db, referralId: string, userId: string, options: { lock?: boolean } = {}): Promise<ReferralOfParty | null> {
  // PostgreSQL refuses anything but a uuid as one: such a path segment names no referral.
  if (!isUuid(referralId)) return null;
  const query = db
    .select({ id: referrals.id, agencyId: referrals.agencyId, status: referrals.status, matchedTherapistId: referrals.matchedTherapistId })
    .from(referrals)
    .where(and(eq(referrals.id, referralId), or(eq(referrals.agencyId, userId), eq(referrals.matchedTherapistId, userId))));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** Several referrals at once, each only when `userId` is its agency or matched therapist (a list's labels). */
export async function findReferralsOfParty(db: Db, referralIds: string[], userId: string): Promise<ReferralOfParty[]> {
  const ids = [...new Set(referralIds)].filter(isUuid);
  if (ids.length === 0) return [];
  return db
    .select({ id: referrals.id, agencyId: referrals.agencyId, status: referrals.status, matchedTherapistId: referrals.matchedTherapistId })
    .from(referrals)
    .where(and(inArray(referrals.id, ids), or(eq(referrals.agencyId, userId), eq(referrals.matchedTherapistId, userId))));
}

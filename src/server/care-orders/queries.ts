import { asc, inArray } from 'drizzle-orm';
import type { OrderVersion } from '../../domain/care-orders';
import type { Db } from '../db/client';
import { careOrderVersions } from '../db/schema/index';

/**
 * A referral's order versions. Callers pass referral ids they have already scoped to the actor
 * (findReferralOfParty, careFactsOfParty), so these queries add no tenant check of their own.
 */

type OrderRow = typeof careOrderVersions.$inferSelect;

function versionOf(row: OrderRow): OrderVersion {
  const decided = row.decidedBy !== null && row.decidedAt !== null;
  return {
    version: row.version,
    status: row.status,
    frequency: row.frequency,
    startDate: row.startDate,
    goals: row.goals,
    physicianOrderObtainedOn: row.physicianOrderObtainedOn,
    change: decided
      ? { by: { userId: row.decidedBy!, party: 'agency' }, at: row.decidedAt!, reason: row.reason }
      : { by: { userId: row.proposedBy, party: 'therapist' }, at: row.proposedAt, reason: row.reason },
  };
}

/** The versions of each referral, oldest first. */
export async function orderHistories(db: Db, referralIds: readonly string[]): Promise<Map<string, OrderVersion[]>> {
  const byReferral = new Map<string, OrderVersion[]>();
  if (referralIds.length === 0) return byReferral;
  const rows = await db
    .select()
    .from(careOrderVersions)
    .where(inArray(careOrderVersions.referralId, [...referralIds]))
    .orderBy(asc(careOrderVersions.version));
  for (const row of rows) byReferral.set(row.referralId, [...(byReferral.get(row.referralId) ?? []), versionOf(row)]);
  return byReferral;
}

export async function orderHistory(db: Db, referralId: string): Promise<OrderVersion[]> {
  return (await orderHistories(db, [referralId])).get(referralId) ?? [];
}

/**
 * Appends a version. `proposal` is the version whose content a decision carries (its proposer is
 * kept on the decided row); the unique (referral_id, version) refuses a second write of a number.
 */
export async function insertOrderVersion(db: Db, referralId: string, version: OrderVersion, proposal: OrderVersion | null): Promise<void> {
  const decision = version.change.by.party === 'agency';
  const proposedBy = decision ? proposal!.change.by : version.change.by;
  await db.insert(careOrderVersions).values({
    referralId,
    version: version.version,
    status: version.status,
    frequency: version.frequency,
    startDate: version.startDate,
    goals: [...version.goals],
    proposedBy: proposedBy.userId,
    proposedAt: decision ? proposal!.change.at : version.change.at,
    decidedBy: decision ? version.change.by.userId : null,
    decidedAt: decision ? version.change.at : null,
    physicianOrderObtainedOn: version.physicianOrderObtainedOn,
    reason: version.change.reason,
  });
}


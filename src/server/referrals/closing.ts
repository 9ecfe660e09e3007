import { and, eq, sql } from 'drizzle-orm';
import type { AgencyReferral } from '../../domain/referrals';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { referrals } from '../db/schema/index';
import { agencyNameOf } from '../notifications/subjects';
import { referralTag } from '../notifications/wording';
import type { Caller } from '../use-case';
import { audit, contextOf, enforce, notFound, type ReferralDeps } from './context';
import { agencyReferralLink, notifyAgency, notifyTherapists, therapistReferralLink } from './notify';
import { canCancelReferral } from './policy';
import { presentAgencyReferral } from './presenters';
import { findAgencyReferral, liveResponders } from './queries';

/** A referral closed unfilled: cancelled by its agency, or expired when its offer window passed. */

export async function cancelReferral(deps: ReferralDeps, options: Caller & { referralId: string; reason: string }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    enforce(canCancelReferral(current));
    const now = new Date();
    const [cancelled] = await t.tx
      .update(referrals)
      .set({ status: 'cancelled', cancelledAt: now, closedAt: now, cancelReason: context.reason, updatedAt: now })
      .where(eq(referrals.id, current.id))
      .returning();
    if (!cancelled) throw notFound();
    const responders = await liveResponders(t.tx, current.id);
    await notifyTherapists(t, responders, {
      type: 'referral.cancelled',
      title: `${referralTag(current)} was cancelled`,
      body: `${await agencyNameOf(t.tx, current.agencyId)} cancelled this ${current.discipline} referral you answered.`,
      link: therapistReferralLink(current.id),
    });
    await audit(t, context, 'referral.cancelled', current.id, { reason: context.reason });
    return cancelled;
  });
  return presentAgencyReferral(context.database.db, row);
}

/** Closes a posted referral whose offer window has passed (the expire-referral job). */
export async function expireReferral(database: Database, referralId: string): Promise<boolean> {
  return inTransaction(database, async (t) => {
    const [expired] = await t.tx
      .update(referrals)
      .set({ status: 'expired', closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(referrals.id, referralId), eq(referrals.status, 'posted'), sql`${referrals.expiresAt} <= now()`))
      .returning();
    if (!expired) return false;
    await notifyAgency(t, expired.agencyId, {
      type: 'referral.expired',
      title: `${referralTag(expired)} expired unfilled`,
      body: `The offer window of this ${expired.discipline} referral closed without a match. Edit and post a new referral to try again.`,
      link: agencyReferralLink(expired.id),
    });
    await writeAudit(t.tx, { actorUserId: null, action: 'referral.expired', entityType: 'referral', entityId: expired.id, outcome: 'success' });
    return true;
  });
}

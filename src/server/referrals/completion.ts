import { and, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/write-audit';
import type { Transaction } from '../db/client';
import { referrals } from '../db/schema/index';
import { referralTag } from '../notifications/wording';
import { agencyReferralLink, notifyAll, therapistReferralLink } from './notify';

/** Visit statuses whose documentation was approved: the visit's last step is done. */
const DONE_VISIT_STATUSES = ['approved', 'paid'] as const;

/**
 * Moves an in-progress referral to `completed` once the care it ordered is delivered: every
 * service's visit count is met by visits whose notes were approved. Why this rule:
 * - the visit counts are what the agency ordered; a cancelled or missed visit frees its place
 *   (scheduling counts only booked visits), so such a visit is not care delivered and never
 *   completes a referral on its own;
 * - approval is a visit's last step (it becomes payable); a visit checked out but with its note
 *   missing, draft, signed or returned still needs both parties, and the therapist keeps access to
 *   the patient's details until the referral closes.
 * So only a note's approval (the agency's review or the sweep's automatic approval) can complete a
 * referral, and it does so here, in that approval's transaction. Closing a referral early (the
 * patient discharged before all visits) has no use case yet.
 *
 * The referral row is locked first, so two approvals of its last two visits in parallel are
 * serialised: the second, re-reading after the first commits, sees both approved and completes it.
 * Returns whether this call completed the referral.
 */
export async function completeReferralIfDone(t: Transaction, options: { referralId: string; actorUserId: string | null }): Promise<boolean> {
  const { referralId } = options;
  const [referral] = await t.tx
    .select({
      status: referrals.status,
      agencyId: referrals.agencyId,
      therapistId: referrals.matchedTherapistId,
      referenceNumber: referrals.referenceNumber,
      patientCity: referrals.patientCity,
      patientState: referrals.patientState,
    })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .for('no key update');
  if (!referral || referral.status !== 'in_progress' || !referral.therapistId) return false;

  const done = sql.join(
    DONE_VISIT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await t.tx.execute<{ services: number; short: number }>(sql`
    select count(*)::int as services,
      (count(*) filter (where rs.visit_count > (
        select count(*) from visits v
        where v.referral_id = rs.referral_id and v.service_id = rs.service_id and v.status in (${done})
      )))::int as short
    from referral_services rs where rs.referral_id = ${referralId}`);
  const counts = result.rows[0];
  if (!counts || counts.services === 0 || counts.short > 0) return false;

  const now = new Date();
  await t.tx
    .update(referrals)
    .set({ status: 'completed', closedAt: now, updatedAt: now })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'in_progress')));
  const title = `Referral completed: ${referralTag(referral)}`;
  await notifyAll(t, [
    {
      userId: referral.agencyId,
      type: 'referral.completed',
      title,
      body: 'Every visit of the referral is done and its notes approved. The referral is now closed.',
      link: agencyReferralLink(referralId),
    },
    {
      userId: referral.therapistId,
      type: 'referral.completed',
      title,
      body: 'Every visit of the referral is done and its notes approved. The referral is closed and its patient details are no longer shown to you.',
      link: therapistReferralLink(referralId),
    },
  ]);
  await writeAudit(t.tx, {
    actorUserId: options.actorUserId,
    action: 'referral.completed',
    entityType: 'referral',
    entityId: referralId,
    outcome: 'success',
    details: { automatic: options.actorUserId === null },
  });
  return true;
}

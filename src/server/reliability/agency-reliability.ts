import { sql } from 'drizzle-orm';
import { agencyReliability, PAYS_ON_TIME_DAYS, type AgencyReliability } from '../../domain/agency-reliability';
import type { Db } from '../db/client';
import { AUTOMATIC_REVIEWER } from '../documentation/service';

/**
 * An agency's reliability figure (domain/agency-reliability.ts) counted from what the platform
 * records:
 * - a signed note is judged once the agency reviewed it (approved or returned: reviewed_at) or the
 *   review window (`reviewDays`, AUTO_APPROVE_DAYS) passed while it still waits; it is on time when
 *   the agency itself (not the automatic approval) reviewed it within the window;
 * - an invoice line is created when its visit's note is approved; it is judged once paid or
 *   PAYS_ON_TIME_DAYS old, and on time when paid within that.
 */
export async function loadAgencyReliability(db: Db, agencyId: string, options: { reviewDays: number; now?: Date }): Promise<AgencyReliability> {
  const at = sql`${(options.now ?? new Date()).toISOString()}::timestamptz`;
  const window = sql`make_interval(days => ${options.reviewDays})`;
  const payWindow = sql`make_interval(days => ${PAYS_ON_TIME_DAYS})`;
  const result = await db.execute<{ notes_total: number; notes_on_time: number; payments_total: number; payments_on_time: number }>(sql`
    select
      (select count(*) from visit_notes n join visits v on v.id = n.visit_id
        where v.agency_id = ${agencyId} and n.signed_at is not null
          and (n.reviewed_at is not null or (n.status = 'signed' and n.signed_at <= ${at} - ${window})))::int as notes_total,
      (select count(*) from visit_notes n join visits v on v.id = n.visit_id
        where v.agency_id = ${agencyId} and n.signed_at is not null and n.reviewed_at is not null
          and coalesce(n.reviewed_by, '') <> ${AUTOMATIC_REVIEWER} and n.reviewed_at <= n.signed_at + ${window})::int as notes_on_time,
      (select count(*) from invoice_lines l
        where l.agency_id = ${agencyId} and (l.paid_at is not null or l.created_at <= ${at} - ${payWindow}))::int as payments_total,
      (select count(*) from invoice_lines l
        where l.agency_id = ${agencyId} and l.paid_at is not null and l.paid_at <= l.created_at + ${payWindow})::int as payments_on_time`);
  const row = result.rows[0];
  return agencyReliability({
    notesReviewed: { onTime: Number(row?.notes_on_time ?? 0), total: Number(row?.notes_total ?? 0) },
    payments: { onTime: Number(row?.payments_on_time ?? 0), total: Number(row?.payments_total ?? 0) },
  });
}

import { sql, type SQL } from 'drizzle-orm';
import { credentialLabel, EXPIRING_WINDOW_DAYS, type ExpiringCredentialList } from '../../domain/credential-expiry';
import { daysUntil, type CredentialKind } from '../../domain/credentials';
import type { Database, Db } from '../db/client';
import { todayIn } from '../referrals/eligibility';

const LIMIT = 500;
/** Expired or this close to expiry: worth a line in the managers' "Needs your attention". */
const URGENT_WITHIN_DAYS = 7;

type Row = {
  id: string;
  therapist_id: string;
  first_name: string;
  last_name: string;
  kind: CredentialKind;
  issuer: string;
  compact_privilege: boolean;
  expires_on: string;
  status: 'verified' | 'expired';
  reminder_days: number | null;
  reminded_at: Date | string | null;
  renewal_submitted: boolean;
};

/**
 * Which credentials `c` (of an approved therapist, joined as `a`) the list holds: expired, or
 * verified and expiring within `withinDays` of `today`, unless a verified later one of the same
 * kind and issuer has replaced it.
 */
function listed(today: string, withinDays: number): SQL {
  return sql`c.expires_on is not null
      and (c.status = 'expired' or (c.status = 'verified' and c.expires_on <= ${today}::date + ${withinDays}::int))
      and not exists (select 1 from therapist_credentials r
                      where r.therapist_id = c.therapist_id and r.kind = c.kind and upper(r.issuer) = upper(c.issuer) and r.id <> c.id
                        and r.status = 'verified' and (r.expires_on is null or r.expires_on > c.expires_on))`;
}

/** For "Needs your attention": the listed credentials that have expired or expire within 7 days. */
export async function countUrgentExpiringCredentials(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from therapist_credentials c
    join useraccounts a on a.user_id = c.therapist_id and a.status = 'approved'
    where ${listed(todayIn(undefined, now), URGENT_WITHIN_DAYS)}`);
  return result.rows[0]?.count ?? 0;
}

/**
 * The managers' "Expiring soon" list: every credential of an approved therapist that is verified
 * and expires within 60 days, or has expired, soonest first. One the therapist has already replaced
 * with a verified later one of the same kind and issuer is done with and left out; one with a later
 * one awaiting verification is shown with that said. A platform view across all therapists, for
 * managers only (the route's guard).
 */
export async function listExpiringCredentials(deps: { database: Database }, now = new Date()): Promise<ExpiringCredentialList> {
  const today = todayIn(undefined, now);
  const result = await deps.database.db.execute<Row>(sql`
    select c.id, c.therapist_id, p.first_name, p.last_name, c.kind, c.issuer, c.compact_privilege,
           c.expires_on::text as expires_on, c.status, last.days_before as reminder_days, last.sent_at as reminded_at,
           exists (select 1 from therapist_credentials r
                   where r.therapist_id = c.therapist_id and r.kind = c.kind and upper(r.issuer) = upper(c.issuer) and r.id <> c.id
                     and r.status = 'submitted' and (r.expires_on is null or r.expires_on > c.expires_on)) as renewal_submitted
    from therapist_credentials c
    join therapist_profiles p on p.id = c.therapist_id
    join useraccounts a on a.user_id = c.therapist_id and a.status = 'approved'
    left join lateral (
      select days_before, sent_at from credential_reminders m
      where m.credential_id = c.id and m.expires_on = c.expires_on order by m.sent_at desc limit 1
    ) last on true
    where ${listed(today, EXPIRING_WINDOW_DAYS)}
    order by c.expires_on, p.last_name, p.first_name, c.id
    limit ${LIMIT}`);
  return {
    today,
    items: result.rows.map((row) => ({
      credentialId: row.id,
      therapistId: row.therapist_id,
      therapistName: `${row.first_name} ${row.last_name}`.trim(),
      kind: row.kind,
      label: credentialLabel({ kind: row.kind, issuer: row.issuer, compactPrivilege: row.compact_privilege }),
      issuer: row.issuer,
      expiresOn: row.expires_on,
      daysLeft: daysUntil(row.expires_on, today),
      // A verified credential past its date (the job has not run yet today) is listed as expired.
      status: row.status === 'verified' && row.expires_on < today ? 'expired' : row.status,
      lastReminder: row.reminder_days === null || row.reminded_at === null ? null : { daysBefore: row.reminder_days, sentAt: new Date(row.reminded_at).toISOString() },
      renewalSubmitted: row.renewal_submitted,
    })),
  };
}

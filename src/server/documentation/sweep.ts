import { sql } from 'drizzle-orm';
import { inTransaction, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createNotifications } from '../notifications/service';
import { findVisitSubject } from '../notifications/subjects';
import { visitWhen } from '../notifications/wording';
import { writeAudit } from '../audit/write-audit';
import { DOCUMENTATION_ENTITY } from './access';
import { findLatestNote, lockVisitForPlatform } from './queries';
import { approveSignedNote, AUTOMATIC_REVIEWER, NOTES_REVIEW } from './service';

/**
 * The 'documentation-sweep' job, every 15 minutes. It acts for the platform across all tenants:
 * - a completed visit whose note was never signed `noteDueHours` after check-out is overdue: the
 *   therapist and the agency are notified once (the therapist's notification marks it done);
 * - a note signed more than `autoApproveDays` ago and not reviewed is approved, exactly as if the
 *   agency had approved it (the visit becomes payable), audited as automatic.
 * Each visit is handled in its own transaction under the visit's lock, re-checked after locking,
 * so concurrent sweeps or a concurrent agency review never act twice.
 */

export const OVERDUE_TYPE = 'documentation.overdue';
const BATCH = 500;

export interface SweepDeps {
  database: Database;
  jobs: JobQueue;
  noteDueHours: number;
  autoApproveDays: number;
  /** The provider new invoice lines and payouts are recorded with ('ledger' or 'stripe'). */
  paymentProvider: string;
}

const overdueLink = (side: 'agency' | 'therapist', visitId: string) => `/dashboard/${side}/visits/${visitId}`;

/** Candidates only: each is re-checked under its lock. */
function overdueCandidates(database: Database, dueHours: number, now: Date) {
  return database.db.execute<{ id: string }>(sql`
    select v.id from visits v
    where v.status = 'completed' and v.check_out_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${dueHours})
      and not exists (select 1 from visit_notes n where n.visit_id = v.id and n.signed_at is not null)
      and not exists (select 1 from notifications x where x.user_id = v.therapist_id and x.type = ${OVERDUE_TYPE}
                      and x.link = '/dashboard/therapist/visits/' || v.id::text)
    order by v.check_out_at limit ${BATCH}`);
}

function autoApproveCandidates(database: Database, days: number, now: Date) {
  return database.db.execute<{ id: string }>(sql`
    select distinct n.visit_id as id from visit_notes n
    where n.status = 'signed' and n.signed_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days})
    limit ${BATCH}`);
}

export async function runDocumentationSweep(deps: SweepDeps, now = new Date()): Promise<{ overdue: number; approved: number }> {
  let overdue = 0;
  let approved = 0;
  const dueMs = deps.noteDueHours * 3_600_000;
  for (const { id } of (await overdueCandidates(deps.database, deps.noteDueHours, now)).rows) {
    const flagged = await inTransaction(deps.database, async (t) => {
      const visit = await lockVisitForPlatform(t.tx, id);
      if (!visit || visit.status !== 'completed' || !visit.checkOutAt || now.getTime() - visit.checkOutAt.getTime() <= dueMs) return false;
      const done = await t.tx.execute(
        sql`select 1 from notifications where user_id = ${visit.therapistId} and type = ${OVERDUE_TYPE} and link = ${overdueLink('therapist', id)} limit 1`,
      );
      if (done.rows.length > 0) return false;
      const subject = await findVisitSubject(t.tx, id);
      const title = `Visit notes overdue: ${subject.tag}`;
      await createNotifications(t, [
        {
          userId: visit.therapistId,
          type: OVERDUE_TYPE,
          title,
          body: `The notes of your ${visitWhen(subject, subject.zoneOf(visit.therapistId))} were due ${deps.noteDueHours} hours after check-out. Write and sign them now.`,
          link: overdueLink('therapist', id),
        },
        {
          userId: visit.agencyId,
          type: OVERDUE_TYPE,
          title,
          body: `${subject.therapistName} has not signed the notes of the ${visitWhen(subject, subject.zoneOf(visit.agencyId))} within ${deps.noteDueHours} hours of check-out.`,
          link: overdueLink('agency', id),
        },
      ]);
      return true;
    });
    if (flagged) overdue++;
  }
  const cutoff = now.getTime() - deps.autoApproveDays * 86_400_000;
  const paymentProvider = deps.paymentProvider;
  for (const { id } of (await autoApproveCandidates(deps.database, deps.autoApproveDays, now)).rows) {
    const done = await inTransaction(deps.database, async (t) => {
      const visit = await lockVisitForPlatform(t.tx, id);
      const note = visit ? await findLatestNote(t.tx, id) : null;
      if (!visit || !note || note.status !== 'signed' || !note.signedAt || note.signedAt.getTime() >= cutoff) return false;
      await approveSignedNote({ jobs: deps.jobs, paymentProvider }, t, { visit, note, reviewedBy: AUTOMATIC_REVIEWER });
      // The platform acts on its own here: no actor, no client address.
      await writeAudit(t.tx, {
        action: NOTES_REVIEW,
        entityType: DOCUMENTATION_ENTITY,
        entityId: id,
        actorUserId: null,
        outcome: 'success',
        details: { action: 'approve', version: note.version, automatic: true, afterDays: deps.autoApproveDays },
      });
      return true;
    });
    if (done) approved++;
  }
  return { overdue, approved };
}

/** Registers the sweep's worker and its 15-minute schedule (one line in runtime.ts). */
export async function startDocumentationSweep(deps: SweepDeps): Promise<void> {
  await deps.jobs.work('documentation-sweep', async () => {
    await runDocumentationSweep(deps);
  });
  await deps.jobs.schedule('documentation-sweep', '*/15 * * * *', {});
}

import { sql } from 'drizzle-orm';
import { isLateCheckIn, noteTiming, percent, reliability, type Reliability, type ReliabilityCounts } from '../../domain/reliability';
import type { Db } from '../db/client';
import { VISIT_ENTITY } from '../visits/denials';
import { VISIT_ACTIONS } from '../visits/service';

interface VisitFacts {
  id: string;
  status: string;
  scheduled_start: Date;
  check_in_at: Date | null;
  check_out_at: Date | null;
  first_signed_at: Date | null;
  cancelled_by_therapist: boolean;
}

export interface TherapistTrackRecord {
  reliability: Reliability;
  visitsCompleted: number;
  /** Notes signed on time of notes due, 0–100; null with none due. */
  onTimeDocumentationRate: number | null;
  /** Visits the therapist cancelled after the match of visits due, 0–100; null with none. */
  cancellationRate: number | null;
}

const CHECKED_OUT = new Set(['completed', 'documented', 'approved', 'paid']);

/**
 * A therapist's record on the platform, from their visits across every agency: the reliability
 * counts (judged by domain/reliability.ts), visits completed, notes on time and cancellations.
 * Who cancelled a visit is not a column: the cancel use case audits it with `as: 'therapist' |
 * 'agency'`, so the audit log (append-only) is where that is read. A scheduled visit whose time has
 * passed but that nobody checked in to or marked missed is not counted: the product does not know
 * yet what happened to it.
 */
export async function therapistTrackRecord(db: Db, therapistId: string, options: { noteDueHours: number; now?: Date }): Promise<TherapistTrackRecord> {
  const now = options.now ?? new Date();
  const result = await db.execute(sql`
    select v.id, v.status, v.scheduled_start, v.check_in_at, v.check_out_at,
      (select min(n.signed_at) from visit_notes n where n.visit_id = v.id) as first_signed_at,
      (v.status = 'cancelled' and exists (
        select 1 from audit_log a
        where a.actor_user_id = ${therapistId} and a.action = ${VISIT_ACTIONS.cancel} and a.entity_type = ${VISIT_ENTITY}
          and a.entity_id = v.id::text and a.outcome = 'success' and a.details->>'as' = 'therapist'
      )) as cancelled_by_therapist
    from visits v
    where v.therapist_id = ${therapistId}`);
  const visits = (result.rows as unknown as VisitFacts[]).map((row) => ({
    ...row,
    // Raw SQL gives timestamps as Date or string depending on the driver's parsers; one shape here.
    scheduled_start: new Date(row.scheduled_start),
    check_in_at: row.check_in_at && new Date(row.check_in_at),
    check_out_at: row.check_out_at && new Date(row.check_out_at),
    first_signed_at: row.first_signed_at && new Date(row.first_signed_at),
  }));

  const counts: ReliabilityCounts = { asScheduled: 0, late: 0, missed: 0, cancelledAfterConfirm: 0, notesDue: 0, notesOnTime: 0 };
  let visitsCompleted = 0;
  for (const visit of visits) {
    if (visit.status === 'missed') counts.missed += 1;
    else if (visit.cancelled_by_therapist) counts.cancelledAfterConfirm += 1;
    else if (visit.check_in_at) {
      if (isLateCheckIn(visit.scheduled_start, visit.check_in_at)) counts.late += 1;
      else counts.asScheduled += 1;
    }
    if (CHECKED_OUT.has(visit.status)) visitsCompleted += 1;
    if (visit.check_out_at) {
      const timing = noteTiming({ checkOutAt: visit.check_out_at, firstSignedAt: visit.first_signed_at, dueHours: options.noteDueHours, now });
      if (timing !== 'not_due') counts.notesDue += 1;
      if (timing === 'on_time') counts.notesOnTime += 1;
    }
  }
  const scored = reliability(counts);
  return {
    reliability: scored,
    visitsCompleted,
    onTimeDocumentationRate: percent(counts.notesOnTime, counts.notesDue),
    cancellationRate: percent(counts.cancelledAfterConfirm, scored.visitsDue),
  };
}

import type { OwedNoteStatus, VisitsNeedingNotes } from '../../domain/visits-needing-notes';
import type { Actor } from '../auth/session';
import { AppError } from '../errors';
import { audited, refused } from '../audit/audited-use-case';
import { VISIT_ENTITY } from './denials';
import { readPatientShortNames } from '../patients/short-names';
import { presentVisitSummary } from './presenters';
import { listCompletedVisitsOfTherapist, noteStatesOf } from './queries';
import { VISIT_ACTIONS, type VisitDeps } from './service';
import { type RequestClient } from '../http/request-client';

const owed = (latest: string | undefined): OwedNoteStatus | null =>
  latest === undefined ? 'missing' : latest === 'draft' || latest === 'returned' ? latest : null;

/**
 * GET /api/visits/needs-notes: the signed-in therapist's checked-out visits whose note they still
 * owe (the "Submit Notes" list), oldest check-out first, with when each is due. A list of summaries
 * like the calendar, so an approved therapist sees it at aal1 too; the note itself needs aal2.
 * Audited as a visit list.
 */
export async function listVisitsNeedingNotes(
  deps: VisitDeps & { noteDueHours: number },
  options: { actor: Actor; client: RequestClient; now?: Date },
): Promise<VisitsNeedingNotes> {
  const { actor } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.list, entityType: VISIT_ENTITY, entityId: undefined, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const approved = actor.account?.status === 'approved';
    if (!approved || actor.account?.userType !== 'therapist') {
      return refused(new AppError('FORBIDDEN', 'Only therapists write visit notes.'), { reason: 'not_allowed', filter: 'needs_notes' });
    }
    const rows = await listCompletedVisitsOfTherapist(tx, actor.userId);
    const notes = await noteStatesOf(
      tx,
      rows.map((row) => row.id),
    );
    const names = await readPatientShortNames(tx, deps, { ...options, referralIds: rows.map((row) => row.referralId) });
    const now = (options.now ?? new Date()).getTime();
    const visits = rows.flatMap((row) => {
      const state = notes.get(row.id);
      const noteStatus = owed(state?.latest);
      // A completed visit's latest note is never signed or approved (signing documents the visit); skip one that is anyway.
      if (!noteStatus) return [];
      const dueAt = row.checkOutAt ? new Date(row.checkOutAt.getTime() + deps.noteDueHours * 3_600_000) : null;
      return [
        {
          ...presentVisitSummary(row, names.get(row.referralId)),
          noteStatus,
          checkedOutAt: row.checkOutAt?.toISOString() ?? null,
          dueAt: dueAt?.toISOString() ?? null,
          overdue: dueAt !== null && !state?.everSigned && now > dueAt.getTime(),
        },
      ];
    });
    return { value: { visits }, details: { filter: 'needs_notes', count: visits.length } };
  });
}

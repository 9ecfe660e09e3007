import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { owedNoteLabels, type VisitNeedingNotes } from '../../domain/visits-needing-notes';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ErrorState, Loading } from '../ui/states';
import { formatDateTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { useVisitsNeedingNotes } from './use-visits-needing-notes';

export const FULL_SCHEDULE_PATH = '/dashboard/therapist/schedule';

const noteStatusClass: Record<VisitNeedingNotes['noteStatus'], string> = {
  missing: 'bg-slate-100 text-slate-800',
  draft: 'bg-brand-50 text-brand-800',
  returned: 'bg-amber-50 text-amber-900',
};

function NeedsNotesItem({ visit }: { visit: VisitNeedingNotes }) {
  const zone = useTimeZone();
  return (
    <li>
      <Link
        to={`/dashboard/therapist/visits/${visit.id}`}
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm hover:border-brand-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:flex-row sm:items-center sm:justify-between"
      >
        <span className="space-y-0.5">
          <span className="block font-semibold text-slate-900">
            {visit.serviceName} · {formatDateTime(visit.scheduledStart, zone)}
          </span>
          {/* The referral's label: the patient's short name at aal2 (the server decides), else the place. */}
          <span className="block break-words text-slate-600">{visit.referenceLabel}</span>
        </span>
        <span className="flex flex-wrap items-center gap-2">
          {visit.overdue ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
              <AlertTriangle className="size-4" aria-hidden /> Overdue
            </span>
          ) : (
            visit.dueAt && <span className="text-xs text-slate-600">Due {formatDateTime(visit.dueAt, zone)}</span>
          )}
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', noteStatusClass[visit.noteStatus])}>{owedNoteLabels[visit.noteStatus]}</span>
        </span>
      </Link>
    </li>
  );
}

/** /dashboard/therapist/schedule?filter=needs-notes: the visits whose notes the therapist still owes. */
export function NeedsNotesList() {
  const visits = useVisitsNeedingNotes();
  return (
    <section aria-labelledby="needs-notes-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="needs-notes-title" className="text-xl font-semibold text-slate-900">
          Visits needing notes
        </h2>
        <Link to={FULL_SCHEDULE_PATH} className="text-sm font-semibold text-brand-700 underline hover:no-underline">
          Show the full schedule
        </Link>
      </div>
      <p className="text-sm text-slate-600">Checked-out visits whose notes are not started, still a draft, or returned by the agency. Open one to write and sign its notes.</p>
      {visits.isPending ? (
        <Loading label="Loading visits needing notes…" />
      ) : visits.isError ? (
        <ErrorState message={visits.error.message} action={<Button onClick={() => void visits.refetch()}>Try again</Button>} />
      ) : visits.data.visits.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center">
          <CheckCircle2 className="size-6 text-green-700" aria-hidden />
          <p className="font-semibold text-slate-900">All your notes are submitted.</p>
          <p className="text-sm text-slate-600">Notes for your next visits will appear here once you check out.</p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="Visits needing notes">
          {visits.data.visits.map((visit) => (
            <NeedsNotesItem key={visit.id} visit={visit} />
          ))}
        </ul>
      )}
    </section>
  );
}

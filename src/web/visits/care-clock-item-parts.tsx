import { CalendarCheck, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import type { CareClockState } from '../../domain/care-clock-items';
import type { CareClockView } from '../../domain/care-clock-view';
import { formatDateTime, formatMonthDayTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

/**
 * What a care clock item shows wherever it is listed — the referral's "Care clocks" and the
 * Schedule's "Care deadlines" — so the two read alike: its state, when and by whom it is due, and
 * the booked visit that meets it, or the assistant's note awaiting its co-signature.
 */

const stateLabels: Record<CareClockState, string> = { overdue: 'Overdue', due_soon: 'Due soon', upcoming: 'Upcoming' };
const stateClasses: Record<CareClockState, string> = {
  overdue: 'bg-red-100 text-red-900',
  due_soon: 'bg-amber-100 text-amber-900',
  upcoming: 'bg-slate-100 text-slate-800',
};

export function CareClockStateBadge({ state }: { state: CareClockState }) {
  return <span className={`self-start rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap ${stateClasses[state]}`}>{stateLabels[state]}</span>;
}

/** "Due by Tue, Mar 3, 11:59 PM CST · by the PT" on the viewer's clock. */
export function CareClockDue({ item }: { item: Pick<CareClockView, 'dueBy' | 'by'> }) {
  const zone = useTimeZone();
  return (
    <p className="text-sm text-slate-700">
      Due by {formatDateTime(item.dueBy, zone)} · by the {item.by.join(' or ')}
    </p>
  );
}

/** "Booked for Mar 2, 9:00 AM", leading to the visit that meets the item. */
export function CareClockBooked({ booked, role }: { booked: NonNullable<CareClockView['booked']>; role: 'agency' | 'therapist' }) {
  const zone = useTimeZone();
  return (
    <p className="flex items-center gap-1 text-sm text-green-800">
      <CalendarCheck className="size-4 shrink-0" aria-hidden />
      <Link to={`/dashboard/${role}/visits/${booked.visitId}`} className="inline-flex min-h-11 items-center underline lg:min-h-0">
        Booked for {formatMonthDayTime(booked.at, zone)}
      </Link>
    </p>
  );
}

/**
 * "Open the note awaiting co-signature" on a co-signature item, leading to the assistant's visit:
 * there the supervising PT or OT co-signs it, and the agency and the assistant read it.
 */
export function CareClockNoteLink({ item, role }: { item: Pick<CareClockView, 'kind' | 'visitId'>; role: 'agency' | 'therapist' }) {
  if (item.kind !== 'co_signature' || !item.visitId) return null;
  return (
    <p className="flex items-center gap-1 text-sm">
      <PenLine className="size-4 shrink-0 text-slate-500" aria-hidden />
      <Link to={`/dashboard/${role}/visits/${item.visitId}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:no-underline lg:min-h-0">
        Open the note awaiting co-signature
      </Link>
    </p>
  );
}

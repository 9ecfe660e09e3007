import { AlarmClock } from 'lucide-react';
import type { CareClockView } from '../../domain/care-clock-view';
import { useCareClocks } from '../api/care-clocks';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { CareClockBooked, CareClockDue, CareClockNoteLink, CareClockStateBadge } from './care-clock-item-parts';

/**
 * "Care clocks" on both referral pages: what the home health rules make due on the referral, by
 * when and by whom, most pressing first. The server computes them (care-clocks.ts); this only shows
 * them, with the booked visit that meets one when there is one.
 */
export function CareClocksPanel({ referralId, role }: { referralId: string; role: 'agency' | 'therapist' }) {
  const clocks = useCareClocks(referralId);
  let content;
  if (clocks.isPending) content = <Loading label="Loading care clocks…" />;
  else if (clocks.isError)
    content = (
      <ErrorState
        message={clocks.error.message}
        action={
          <Button variant="secondary" onClick={() => void clocks.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else if (clocks.data.items.length === 0) content = <p className="text-sm text-slate-600">Nothing is due on this referral under the home health rules.</p>;
  else
    content = (
      <ul className="space-y-2" aria-label="Care deadlines">
        {clocks.data.items.map((item) => (
          <CareClockRow key={`${item.kind}-${item.visitId ?? ''}`} item={item} role={role} />
        ))}
      </ul>
    );
  return (
    <section id="care-clocks" aria-labelledby="care-clocks-title" className="scroll-mt-20 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="care-clocks-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <AlarmClock className="size-5" aria-hidden /> Care clocks
      </h2>
      {content}
    </section>
  );
}

function CareClockRow({ item, role }: { item: CareClockView; role: 'agency' | 'therapist' }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">{item.label}</p>
        <CareClockDue item={item} />
        <p className="text-xs break-words text-slate-600">{item.reason}</p>
        {item.booked && <CareClockBooked booked={item.booked} role={role} />}
        <CareClockNoteLink item={item} role={role} />
      </div>
      <CareClockStateBadge state={item.state} />
    </li>
  );
}

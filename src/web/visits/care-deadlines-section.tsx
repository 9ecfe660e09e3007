import { AlarmClock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { CARE_DEADLINES_HORIZON_DAYS, type CareDeadline } from '../../domain/care-deadlines';
import { careVisitTypeLabels } from '../../domain/care-visit-types';
import { useCareDeadlines } from '../api/care-clocks';
import { Button, ButtonLink } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { CareClockBooked, CareClockDue, CareClockNoteLink, CareClockStateBadge } from './care-clock-item-parts';

/** Where the dashboard's "N care deadlines …" line leads when its items are on several referrals. */
export const CARE_DEADLINES_ANCHOR = 'care-deadlines';

/**
 * "Care deadlines" on the Schedule: what the home health rules make due across all the user's
 * referrals (GET /api/care-clocks, computed by the server), most pressing first, each leading to its
 * referral's care clocks and, for the matched therapist, to booking the visit that meets it.
 */
export function CareDeadlinesSection({ role }: { role: 'agency' | 'therapist' }) {
  const deadlines = useCareDeadlines();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = deadlines.isSuccess;
  // The dashboard's line links here; the router does not follow a #hash, and the list settles only once loaded.
  useEffect(() => {
    if (loaded && hash === `#${CARE_DEADLINES_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  let content;
  if (deadlines.isPending) content = <Loading label="Loading care deadlines…" />;
  else if (deadlines.isError)
    content = (
      <ErrorState
        message={deadlines.error.message}
        action={
          <Button variant="secondary" onClick={() => void deadlines.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else if (deadlines.data.items.length === 0) content = <p className="text-sm text-slate-600">No care deadlines in the next {CARE_DEADLINES_HORIZON_DAYS} days.</p>;
  else {
    const { items, total } = deadlines.data;
    content = (
      <>
        <ul className="space-y-2" aria-label="Care deadlines">
          {items.map((item) => (
            <CareDeadlineRow key={`${item.referral.id}-${item.kind}-${item.visitId ?? ''}`} item={item} role={role} />
          ))}
        </ul>
        {total > items.length && (
          <p className="text-sm text-slate-600">
            The {items.length} most pressing of {total}; each referral’s care clocks list all of its own.
          </p>
        )}
      </>
    );
  }
  return (
    <section ref={section} id={CARE_DEADLINES_ANCHOR} aria-labelledby="care-deadlines-title" className="scroll-mt-20 space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="care-deadlines-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <AlarmClock className="size-5" aria-hidden /> Care deadlines
      </h2>
      <p className="text-sm text-slate-700">Overdue and due soon on your referrals, and what comes due in the next {CARE_DEADLINES_HORIZON_DAYS} days, most pressing first.</p>
      {content}
    </section>
  );
}

function CareDeadlineRow({ item, role }: { item: CareDeadline; role: 'agency' | 'therapist' }) {
  const { referral } = item;
  const referralPage = `/dashboard/${role}/referrals/${referral.id}`;
  const what = item.visitType && careVisitTypeLabels[item.visitType].toLowerCase();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">{item.label}</p>
        <p className="text-sm">
          {referral.viewable ? (
            <Link to={`${referralPage}#care-clocks`} className="inline-flex min-h-11 items-center font-semibold break-words text-brand-700 underline hover:no-underline lg:min-h-0">
              {referral.reference} · {referral.city}, {referral.state}
            </Link>
          ) : (
            // A supervising therapist is not a party to the referral's page: the note's link below is theirs.
            <span className="font-semibold text-slate-800">
              {referral.reference} · {referral.city}, {referral.state}
            </span>
          )}
        </p>
        <CareClockDue item={item} />
        {item.booked && <CareClockBooked booked={item.booked} role={role} />}
        <CareClockNoteLink item={item} role={role} />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <CareClockStateBadge state={item.state} />
        {role === 'therapist' && item.bookable && what && (
          // The referral page's schedule form, with this visit type chosen (referral-visits.tsx).
          <ButtonLink to={`${referralPage}?book=${item.visitType}#schedule-visits`} variant="secondary" size="sm" aria-label={`Book the ${what} for ${referral.reference}`}>
            Book the {what}
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

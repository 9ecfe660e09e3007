import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { addDaysToKey, dateKeyIn, startOfDayIn, weekdayOfKey } from '../../domain/time-zones';
import type { VisitSummary } from '../../domain/visits';
import { useVisitsInRange } from '../api/visits';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { useTimeZone } from '../ui/use-time-zone';
import { roleOfPath } from './format';
import { ReferenceSearch, useReferenceSearch } from '../ui/reference-search';
import { FULL_SCHEDULE_PATH, NeedsNotesList } from './needs-notes-list';
import { CalendarFeedCard } from './calendar-feed-card';
import { CareDeadlinesSection } from './care-deadlines-section';
import { CarePolicyCard } from './care-policy-card';
import { EvvExportCard } from './evv-export-card';
import { ReferenceVisits } from './reference-visits';
import { VisitListItem } from './visit-list-item';

/**
 * Days here are dates (YYYY-MM-DD) on the viewer's calendar, in their time zone from /api/me, not
 * the browser's: a visit sits on the day, and reads the time, that the dashboard and the visit
 * page give it.
 */

/** The Monday of the week holding `day`. */
const weekStartOf = (day: string) => addDaysToKey(day, -((weekdayOfKey(day) + 6) % 7));

/** A date's label; the date is a calendar day, so it is read at noon UTC to stay that day anywhere. */
const dayLabel = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** Visits from the start of `from` to the start of `to` on the viewer's clock. */
function useVisitsOnDays(from: string, to: string, zone: string) {
  return useVisitsInRange(startOfDayIn(from, zone), startOfDayIn(to, zone));
}

/**
 * /dashboard/therapist/schedule and /dashboard/agency/schedule: today's visits, the care deadlines
 * across the user's referrals and a week calendar.
 * A therapist's `?filter=needs-notes` (the dashboard's "Submit Notes") shows the visits whose notes
 * they still owe instead; agencies write no notes, so they always get the schedule.
 */
export function SchedulePage() {
  const role = roleOfPath(useLocation().pathname);
  const [searchParams] = useSearchParams();
  if (role === 'therapist' && searchParams.get('filter') === 'needs-notes') {
    return (
      <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PageMeta title="Visits needing notes" description="Your visits whose notes are not yet signed." />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Schedule</h1>
        <NeedsNotesList />
      </div>
    );
  }
  return <FullSchedule role={role} />;
}

function FullSchedule({ role }: { role: 'agency' | 'therapist' }) {
  const { reference: searched } = useReferenceSearch();
  const zone = useTimeZone();
  // Weeks away from this one, so a change of zone moves the calendar with it.
  const [weekOffset, setWeekOffset] = useState(0);
  const today = useMemo(() => dateKeyIn(new Date(), zone), [zone]);
  const weekStart = addDaysToKey(weekStartOf(today), 7 * weekOffset);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
      <PageMeta title="Schedule" description="Your visits today and this week, and your care deadlines." />
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Schedule</h1>
        {role === 'therapist' && (
          <Link
            to={`${FULL_SCHEDULE_PATH}?filter=needs-notes`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline hover:no-underline"
          >
            Visits needing notes
          </Link>
        )}
      </div>
      <ReferenceSearch label="Find visits by referral" />
      {searched !== null && <ReferenceVisits referenceNumber={searched} role={role} />}
      <TodaySchedule role={role} today={today} zone={zone} />
      <CareDeadlinesSection role={role} />
      <WeekCalendar role={role} weekStart={weekStart} today={today} zone={zone} onWeek={(weeks) => setWeekOffset((offset) => (weeks === 0 ? 0 : offset + weeks))} />
      {role === 'therapist' && <CalendarFeedCard />}
      {role === 'agency' && <EvvExportCard />}
      {role === 'agency' && <CarePolicyCard />}
    </div>
  );
}

function TodaySchedule({ role, today, zone }: { role: 'agency' | 'therapist'; today: string; zone: string }) {
  const visits = useVisitsOnDays(today, addDaysToKey(today, 1), zone);
  return (
    <section aria-labelledby="today-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="today-title" className="text-xl font-semibold text-slate-900">
        Today’s schedule
      </h2>
      {visits.isPending ? (
        <Loading label="Loading today’s visits…" />
      ) : visits.isError ? (
        <ErrorState message={visits.error.message} action={<Button onClick={() => void visits.refetch()}>Try again</Button>} />
      ) : visits.data.visits.length === 0 ? (
        <p className="text-sm text-slate-600">No visits today.</p>
      ) : (
        <ul className="space-y-2" aria-label="Today’s visits">
          {visits.data.visits.map((visit) => (
            <VisitListItem key={visit.id} visit={visit} role={role} timeOnly />
          ))}
        </ul>
      )}
    </section>
  );
}

interface WeekCalendarProps {
  role: 'agency' | 'therapist';
  weekStart: string;
  today: string;
  zone: string;
  /** Moves by this many weeks; 0 returns to this week. */
  onWeek: (weeks: number) => void;
}

function WeekCalendar({ role, weekStart, today, zone, onWeek }: WeekCalendarProps) {
  const visits = useVisitsOnDays(weekStart, addDaysToKey(weekStart, 7), zone);
  const days = Array.from({ length: 7 }, (_, i) => addDaysToKey(weekStart, i));
  const label = `${dayLabel(weekStart, { month: 'short', day: 'numeric' })} – ${dayLabel(addDaysToKey(weekStart, 6), { month: 'short', day: 'numeric', year: 'numeric' })}`;
  const byDay = (day: string): VisitSummary[] => (visits.data?.visits ?? []).filter((visit) => dateKeyIn(new Date(visit.scheduledStart), zone) === day);

  return (
    <section aria-labelledby="week-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-title" className="text-xl font-semibold text-slate-900">
          Week of {label}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => onWeek(-1)} aria-label="Previous week">
            <ChevronLeft className="size-4" aria-hidden /> Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onWeek(0)}>
            This week
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onWeek(1)} aria-label="Next week">
            Next <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {visits.isPending ? (
        <Loading label="Loading the week…" />
      ) : visits.isError ? (
        <ErrorState message={visits.error.message} action={<Button onClick={() => void visits.refetch()}>Try again</Button>} />
      ) : (
        <>
          {visits.data.visits.length === 0 && <p className="text-sm text-slate-600">No visits this week.</p>}
          <ol className="grid gap-3 md:grid-cols-7" aria-label="Days of the week">
            {days.map((day) => {
              const items = byDay(day);
              const isToday = day === today;
              return (
                <li key={day} aria-label={dayLabel(day, { weekday: 'long', month: 'long', day: 'numeric' })} className={`min-h-24 space-y-2 rounded-xl border p-2 ${isToday ? 'border-brand-400 bg-brand-50/50' : 'border-slate-200 bg-white'}`}>
                  <p className="text-sm font-semibold text-slate-800">
                    {dayLabel(day, { weekday: 'short', day: 'numeric' })}
                    {isToday && <span className="ml-1 text-xs font-normal text-brand-800">(today)</span>}
                  </p>
                  {items.length > 0 && (
                    <ul className="space-y-1">
                      {items.map((visit) => (
                        <VisitListItem key={visit.id} visit={visit} role={role} timeOnly />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

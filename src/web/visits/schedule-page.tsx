import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { VisitSummary } from '../../domain/visits';
import { useVisitsInRange } from '../api/visits';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { formatClock, roleOfPath } from './format';
import { FULL_SCHEDULE_PATH, NeedsNotesList } from './needs-notes-list';
import { VisitListItem } from './visit-list-item';

const DAY = 86_400_000;

/** Monday 00:00 (local) of the week holding `date`. */
function weekStartOf(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * /dashboard/therapist/schedule and /dashboard/agency/schedule: today's visits and a week calendar.
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
  const [weekStart, setWeekStart] = useState(() => weekStartOf(new Date()));
  const today = useMemo(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  }, []);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
      <PageMeta title="Schedule" description="Your visits this week and today." />
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Schedule</h1>
        {role === 'therapist' && (
          <Link to={`${FULL_SCHEDULE_PATH}?filter=needs-notes`} className="text-sm font-semibold text-brand-700 underline hover:no-underline">
            Visits needing notes
          </Link>
        )}
      </div>
      <TodaySchedule role={role} today={today} />
      <WeekCalendar role={role} weekStart={weekStart} today={today} onWeek={setWeekStart} />
    </div>
  );
}

function TodaySchedule({ role, today }: { role: 'agency' | 'therapist'; today: Date }) {
  const visits = useVisitsInRange(today, new Date(today.getTime() + DAY));
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
            <VisitListItem key={visit.id} visit={visit} role={role} showTimeOnly={formatClock} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WeekCalendar({ role, weekStart, today, onWeek }: { role: 'agency' | 'therapist'; weekStart: Date; today: Date; onWeek: (start: Date) => void }) {
  const weekEnd = addDays(weekStart, 7);
  const visits = useVisitsInRange(weekStart, weekEnd);
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const label = `${weekStart.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} – ${addDays(weekStart, 6).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
  const byDay = (day: Date): VisitSummary[] => (visits.data?.visits ?? []).filter((visit) => sameDay(new Date(visit.scheduledStart), day));

  return (
    <section aria-labelledby="week-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-title" className="text-xl font-semibold text-slate-900">
          Week of {label}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => onWeek(addDays(weekStart, -7))} aria-label="Previous week">
            <ChevronLeft className="size-4" aria-hidden /> Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onWeek(weekStartOf(new Date()))}>
            This week
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onWeek(addDays(weekStart, 7))} aria-label="Next week">
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
              const isToday = sameDay(day, today);
              return (
                <li key={day.toISOString()} aria-label={day.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' })} className={`min-h-24 space-y-2 rounded-xl border p-2 ${isToday ? 'border-brand-400 bg-brand-50/50' : 'border-slate-200 bg-white'}`}>
                  <p className="text-sm font-semibold text-slate-800">
                    {day.toLocaleDateString('en-US', { weekday: 'short', day: 'numeric' })}
                    {isToday && <span className="ml-1 text-xs font-normal text-brand-800">(today)</span>}
                  </p>
                  {items.length > 0 && (
                    <ul className="space-y-1">
                      {items.map((visit) => (
                        <VisitListItem key={visit.id} visit={visit} role={role} showTimeOnly={formatClock} />
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

import { BadgeCheck, Bell, BellRing, CalendarPlus, FileSignature, MapPinned, Map as MapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTherapistDashboard } from '../api/dashboards';
import { AttentionList } from './attention-list';
import { EmptyCard, LoadError, QuickAction, Section, StatCard } from './dashboard-ui';
import { formatAmount } from '../ui/format-amount';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { formatTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { useDashboardMe } from './dashboard-context';
import { ProfileLink } from './profile-link';

/** /dashboard/therapist for an approved therapist: what needs attention, figures (each leading to its list), today's schedule and quick actions. */
export function TherapistDashboard() {
  const me = useDashboardMe();
  const zone = useTimeZone();
  const dashboard = useTherapistDashboard();
  const data = dashboard.data;
  const name = data ? `${data.firstName} ${data.lastName}` : me.user.name;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Therapist Dashboard" description="Your CareRelay therapist dashboard." />
      <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">Welcome, {name}</h1>
      <AttentionList role="therapist" />

      {dashboard.isPending && <Loading label="Loading your figures…" />}
      {dashboard.isError && <LoadError message={dashboard.error.message || 'Your figures could not be loaded.'} onRetry={() => void dashboard.refetch()} />}
      {data && (
        <>
          <section aria-label="Figures">
            <dl className="grid gap-4 sm:grid-cols-3">
              <StatCard label="Active Patients" value={data.activePatients} hint="Referrals you are matched to" to="/dashboard/therapist/referrals?view=mine" />
              <StatCard label="Completed Visits (this month)" value={data.completedVisitsThisMonth} to="/dashboard/therapist/schedule" />
              <StatCard label="Pending Payments" value={formatAmount(data.pendingPaymentsAmount)} hint="Owed to you, not yet paid out" to="/dashboard/therapist/payments" />
            </dl>
          </section>
          <Section title="Today’s schedule" id="todays-schedule">
            {data.todaysSchedule.length === 0 ? (
              <EmptyCard>No visits scheduled today.</EmptyCard>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {data.todaysSchedule.map((visit) => (
                  <li key={visit.visitId}>
                    <Link
                      to={`/dashboard/therapist/visits/${visit.visitId}`}
                      className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3 hover:bg-brand-50"
                    >
                      <span className="font-semibold text-slate-900">
                        <time dateTime={visit.scheduledStart}>{formatTime(visit.scheduledStart, zone)}</time> · {visit.serviceName}
                      </span>
                      <span className="text-sm text-slate-700">
                        {visit.referenceLabel} · {visit.status.replace('_', ' ')}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}

      <Section title="Quick actions" id="quick-actions">
        <nav aria-label="Quick actions" className="grid gap-4 sm:grid-cols-2">
          <QuickAction to="/dashboard/therapist/referrals?view=mine" icon={<CalendarPlus className="size-6" aria-hidden />} title="Schedule Visit">
            Book visits on the referrals you are matched to.
          </QuickAction>
          <QuickAction to="/dashboard/therapist/schedule?filter=needs-notes" icon={<FileSignature className="size-6" aria-hidden />} title="Submit Notes">
            Document and sign the visits you have completed.
          </QuickAction>
          <QuickAction to="/dashboard/therapist/referrals#referral-map-heading" icon={<MapIcon className="size-6" aria-hidden />} title="View Map">
            Open referrals around you, on a map.
          </QuickAction>
          <QuickAction to="/dashboard/notifications" icon={<Bell className="size-6" aria-hidden />} title="Notifications">
            New referrals, matches and updates.
          </QuickAction>
        </nav>
      </Section>

      <nav aria-label="Therapist dashboard">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li>
            <QuickAction to="/dashboard/therapist/referrals" icon={<MapPinned className="size-6" aria-hidden />} title="Referrals near me">
              Referrals that fit your discipline, license and service radius. Accept, ask for a higher rate, or decline.
            </QuickAction>
          </li>
          <li>
            <QuickAction to="/dashboard/therapist/settings" icon={<BellRing className="size-6" aria-hidden />} title="Alert settings">
              Whether you take new referrals, and how and when we tell you about them.
            </QuickAction>
          </li>
          <li>
            <QuickAction to="/dashboard/therapist/credentials" icon={<BadgeCheck className="size-6" aria-hidden />} title="Credentials">
              Your licenses and other credentials, their verification, and what referrals still need.
            </QuickAction>
          </li>
        </ul>
      </nav>
      <ProfileLink />
    </div>
  );
}

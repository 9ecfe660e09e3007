import { Bell, ClipboardList, FolderHeart, Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useAgencyDashboard } from '../api/dashboards';
import { AttentionList } from './attention-list';
import { EmptyCard, LoadError, QuickAction, Section, StatCard } from './dashboard-ui';
import { formatDuration, formatPercent } from './format';
import { relativeTime } from '../notifications/relative-time';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { useDashboardMe } from './dashboard-context';
import { ProfileLink } from './profile-link';
import { OwnAgencyRecord } from '../ratings/agency-record-card';

/**
 * /dashboard/agency for an approved agency: what needs its attention, figures from the database
 * (each leading to the list it counts), recent activity (each leading to its referral) and quick actions.
 */
export function AgencyDashboard() {
  const me = useDashboardMe();
  const dashboard = useAgencyDashboard();
  const data = dashboard.data;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Agency Dashboard" description="Your CareRelay agency dashboard." />
      <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">Welcome, {data?.companyName ?? me.user.name}</h1>
      <AttentionList role="agency" />

      {dashboard.isPending && <Loading label="Loading your figures…" />}
      {dashboard.isError && <LoadError message={dashboard.error.message || 'Your figures could not be loaded.'} onRetry={() => void dashboard.refetch()} />}
      {data && !data.hasReferrals && (
        <EmptyCard>
          No referrals yet. Post your first referral and your Network Therapists, Active Patients and Pending Referrals appear here, with
          your fill time and visit completion rate.
        </EmptyCard>
      )}
      {data?.hasReferrals && (
        <>
          <section aria-label="Figures">
            <dl className="grid gap-4 sm:grid-cols-3">
              <StatCard label="Network Therapists" value={data.networkTherapists} hint="Therapists who worked your referrals" to="/dashboard/agency/therapists" />
              <StatCard label="Active Patients" value={data.activePatients} hint="Matched referrals under way" to="/dashboard/agency/patients" />
              <StatCard label="Pending Referrals" value={data.pendingReferrals} hint="Posted, waiting for a match" to="/dashboard/agency/referrals?status=open" />
            </dl>
          </section>
          <section aria-label="Last 30 days">
            <dl className="grid gap-4 sm:grid-cols-2">
              <StatCard
                label="Median fill time (30 days)"
                value={data.medianFillMinutes === null ? 'No matches yet' : formatDuration(data.medianFillMinutes)}
                hint="From posting a referral to its match"
                to="/dashboard/agency/referrals?status=matched"
              />
              <StatCard
                label="Visit completion rate (30 days)"
                value={data.visitCompletionRate === null ? 'No visits due yet' : formatPercent(data.visitCompletionRate)}
                hint="Visits completed of those due, cancelled ones aside"
                to="/dashboard/agency/schedule"
              />
            </dl>
          </section>
          <OwnAgencyRecord />
          <Section title="Recent activity" id="recent-activity">
            {data.recentActivity.length === 0 ? (
              <EmptyCard>No activity yet.</EmptyCard>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {data.recentActivity.map((item) => (
                  <li key={`${item.kind}-${item.referralId}-${item.at}`}>
                    <Link
                      to={`/dashboard/agency/referrals/${item.referralId}`}
                      className="flex min-h-11 flex-wrap items-baseline justify-between gap-2 px-5 py-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                    >
                      <span className="text-slate-900">{item.text}</span>
                      <time dateTime={item.at} className="text-sm text-slate-600">
                        {relativeTime(item.at)}
                      </time>
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
          <QuickAction to="/dashboard/agency/referrals/new" icon={<Plus className="size-6" aria-hidden />} title="New Referral">
            Describe what a patient needs; licensed therapists nearby are notified as soon as you post it.
          </QuickAction>
          <QuickAction to="/dashboard/agency/therapists" icon={<Users className="size-6" aria-hidden />} title="View Therapists">
            The therapists who have worked your referrals.
          </QuickAction>
          <QuickAction to="/dashboard/agency/patients" icon={<FolderHeart className="size-6" aria-hidden />} title="Patient Records">
            Your matched referrals, each with its patient’s details.
          </QuickAction>
          <QuickAction to="/dashboard/notifications" icon={<Bell className="size-6" aria-hidden />} title="Notifications">
            Responses, matches and updates on your referrals.
          </QuickAction>
          <QuickAction to="/dashboard/agency/referrals" icon={<ClipboardList className="size-6" aria-hidden />} title="Referrals">
            Your drafts and posted referrals, the therapists who responded, and your matches.
          </QuickAction>
        </nav>
      </Section>
      <ProfileLink />
    </div>
  );
}

import { ClipboardList, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../ui/page-meta';
import { useDashboardMe } from './dashboard-context';
import { ProfileLink } from './profile-link';

/** /dashboard/agency for an approved agency. Figures arrive with their own issue: none are shown until then. */
export function AgencyDashboard() {
  const me = useDashboardMe();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Agency Dashboard" description="Your CareRelay agency dashboard." />
      <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">Welcome, {me.user.name}</h1>
      <nav aria-label="Referrals" className="grid gap-4 sm:grid-cols-2">
        <QuickAction to="/dashboard/agency/referrals/new" icon={<Plus className="size-6" aria-hidden />} title="New Referral">
          Describe what a patient needs; licensed therapists nearby are notified as soon as you post it.
        </QuickAction>
        <QuickAction to="/dashboard/agency/referrals" icon={<ClipboardList className="size-6" aria-hidden />} title="Referrals">
          Your drafts and posted referrals, the therapists who responded, and your matches.
        </QuickAction>
      </nav>
      <ProfileLink />
    </div>
  );
}

function QuickAction({ to, icon, title, children }: { to: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">{icon}</span>
      <span className="min-w-0">
        <span className="block text-lg font-semibold text-slate-900 group-hover:text-brand-800">{title}</span>
        <span className="mt-1 block text-sm text-slate-700">{children}</span>
      </span>
    </Link>
  );
}

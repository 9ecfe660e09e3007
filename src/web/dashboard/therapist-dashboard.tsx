import { BellRing, ChevronRight, MapPinned } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../ui/page-meta';
import { useDashboardMe } from './dashboard-context';
import { ProfileLink } from './profile-link';

/** /dashboard/therapist for an approved therapist: where to find referrals and set up alerts (no figures until there are visits to count). */
export function TherapistDashboard() {
  const me = useDashboardMe();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Therapist Dashboard" description="Your CareRelay therapist dashboard." />
      <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">Welcome, {me.user.name}</h1>
      <nav aria-label="Therapist dashboard">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li>
            <DashboardLink to="/dashboard/therapist/referrals" icon={<MapPinned className="size-6 text-brand-700" aria-hidden />} title="Referrals near me">
              Referrals that fit your discipline, licence and service radius, on a list and a map. Accept, ask for a higher rate, or
              decline.
            </DashboardLink>
          </li>
          <li>
            <DashboardLink to="/dashboard/therapist/settings" icon={<BellRing className="size-6 text-brand-700" aria-hidden />} title="Alert settings">
              Whether you take new referrals, and how and when we tell you about them.
            </DashboardLink>
          </li>
        </ul>
      </nav>
      <ProfileLink />
    </div>
  );
}

function DashboardLink({ to, icon, title, children }: { to: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-200 hover:bg-brand-50"
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1 text-lg font-semibold text-slate-900 group-hover:text-brand-800">
          {title}
          <ChevronRight className="size-4" aria-hidden />
        </span>
        <span className="mt-1 block text-sm text-slate-700">{children}</span>
      </span>
    </Link>
  );
}

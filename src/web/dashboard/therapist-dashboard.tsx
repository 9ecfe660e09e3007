import { Link } from 'react-router';
import { PageMeta } from '../ui/page-meta';
import { useDashboardMe } from './dashboard-context';
import { MarketplaceNotice, ProfileLink } from './marketplace-notice';

/** /dashboard/therapist for an approved therapist. */
export function TherapistDashboard() {
  const me = useDashboardMe();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Therapist Dashboard" description="Your CareRelay therapist dashboard." />
      <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">Welcome, {me.user.name}</h1>
      <MarketplaceNotice>
        <p>
          Your account is approved. Referrals near you, your visit schedule, documentation and payments will appear here as soon
          as they are released.
        </p>
        <p>Until then there is nothing to count, so this page shows no figures.</p>
      </MarketplaceNotice>
      <ProfileLink />
      <p className="text-sm text-slate-700">
        Choose whether you take new referrals and how you hear about them:{' '}
        <Link to="/dashboard/therapist/settings" className="font-semibold text-brand-700 underline hover:no-underline">
          referral alerts
        </Link>
        .
      </p>
    </div>
  );
}

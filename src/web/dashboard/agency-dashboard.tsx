import { PageMeta } from '../ui/page-meta';
import { useDashboardMe } from './dashboard-context';
import { MarketplaceNotice, ProfileLink } from './marketplace-notice';

/** /dashboard/agency for an approved agency. */
export function AgencyDashboard() {
  const me = useDashboardMe();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Agency Dashboard" description="Your CareRelay agency dashboard." />
      <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">Welcome, {me.user.name}</h1>
      <MarketplaceNotice>
        <p>
          Your account is approved. Posting referrals, seeing the therapists who accept them, confirming matches and paying per
          completed visit will appear here as soon as they are released.
        </p>
        <p>Until then there is nothing to count, so this page shows no figures.</p>
      </MarketplaceNotice>
      <ProfileLink />
    </div>
  );
}

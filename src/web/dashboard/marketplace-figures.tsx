import { useAdminFigures } from '../api/dashboards';
import { Loading } from '../ui/states';
import { LoadError, StatCard } from './dashboard-ui';
import { formatAmount } from '../ui/format-amount';
import { formatDuration, formatPercent } from './format';

/** The marketplace's figures on the admin dashboard. */
export function MarketplaceFigures() {
  const figures = useAdminFigures();
  return (
    <section aria-labelledby="marketplace-figures" className="space-y-3">
      <h2 id="marketplace-figures" className="text-xl font-semibold text-slate-900">
        Marketplace
      </h2>
      {figures.isPending && <Loading label="Loading marketplace figures…" />}
      {figures.isError && <LoadError message="The marketplace figures could not be loaded." onRetry={() => void figures.refetch()} />}
      {figures.data && (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <StatCard label="Open referrals" value={figures.data.openReferrals} to="/dashboard/admin/referrals" />
          <StatCard
            label="Median fill time"
            value={figures.data.medianFillMinutes === null ? 'No data' : formatDuration(figures.data.medianFillMinutes)}
            hint="Last 30 days"
          />
          <StatCard
            label="Completion rate"
            value={figures.data.completionRate === null ? 'No data' : formatPercent(figures.data.completionRate)}
            hint="Last 30 days"
          />
          <StatCard label="Visits this month" value={figures.data.visitsThisMonth} />
          <StatCard label="Paid this month" value={formatAmount(figures.data.amountPaidThisMonth)} to="/dashboard/admin/payments" />
        </dl>
      )}
    </section>
  );
}

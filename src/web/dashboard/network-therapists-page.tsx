import { Link } from 'react-router';
import { useNetworkTherapists } from '../api/dashboards';
import { KeysetListFooter } from '../ui/load-more';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { EmptyCard, LoadError } from './dashboard-ui';

/** /dashboard/agency/therapists: the therapists who have worked this agency's referrals. */
export function NetworkTherapistsPage() {
  const zone = useTimeZone();
  const therapists = useNetworkTherapists();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <PageMeta title="Network Therapists" description="The therapists who have worked your referrals." />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Network Therapists</h1>
        <p className="mt-1 text-slate-700">Therapists matched to your referrals, most recent first.</p>
      </div>
      {therapists.isPending && <Loading label="Loading therapists…" />}
      {therapists.isError && <LoadError message={therapists.error.message || 'The therapists could not be loaded.'} onRetry={() => void therapists.refetch()} />}
      {therapists.items?.length === 0 && (
        <EmptyCard>
          No therapists yet. Once a therapist is matched to one of your referrals, they appear here.{' '}
          <Link to="/dashboard/agency/referrals/new" className="font-semibold text-brand-700 underline hover:no-underline">
            Post a referral
          </Link>
        </EmptyCard>
      )}
      {therapists.items && therapists.items.length > 0 && (
        <ul aria-label="Network therapists" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {therapists.items.map((therapist) => (
            <li key={therapist.id} aria-label={`${therapist.firstName} ${therapist.lastName}`} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-4">
              <div className="min-w-0">
                <Link
                  to={`/dashboard/agency/therapists/${therapist.id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:no-underline"
                >
                  {therapist.firstName} {therapist.lastName}
                </Link>
                <p className="text-sm text-slate-700">{therapist.disciplines.join(', ')}</p>
              </div>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
                <div className="flex gap-1">
                  <dt>Referrals:</dt>
                  <dd className="font-semibold text-slate-900">{therapist.referralsCount}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Active:</dt>
                  <dd className="font-semibold text-slate-900">{therapist.activeReferrals}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Last matched:</dt>
                  <dd className="font-semibold text-slate-900">{formatDay(therapist.lastMatchedAt, zone)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {therapists.items && therapists.items.length > 0 && <KeysetListFooter list={therapists} noun="therapists" />}
    </div>
  );
}

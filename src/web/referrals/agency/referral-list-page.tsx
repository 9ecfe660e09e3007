import { ClipboardList, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatReference } from '../../../domain/referral-reference';
import { urgencyLabels } from '../../../domain/referrals';
import type { AgencyReferralSummary } from '../../../domain/referral-summaries';
import { useAgencyReferrals } from '../../api/referrals';
import { Button, ButtonLink } from '../../ui/button';
import { cn } from '../../ui/cn';
import { KeysetListFooter } from '../../ui/load-more';
import { PageMeta } from '../../ui/page-meta';
import { ReferenceSearch, useReferenceSearch } from '../../ui/reference-search';
import { ErrorState, Loading } from '../../ui/states';
import { formatDay, placeLabel, servicesLabel } from './format';
import { ReferralStatusBadge } from './referral-status-badge';

const filters = [
  { id: 'open', label: 'Open', empty: 'No posted referrals are waiting for a match.' },
  { id: 'draft', label: 'Drafts', empty: 'No drafts.' },
  { id: 'matched', label: 'Matched', empty: 'No matched referrals yet.' },
  { id: 'closed', label: 'Closed', empty: 'No cancelled or expired referrals.' },
  { id: 'all', label: 'All', empty: 'You have not created a referral yet.' },
] as const;
type Filter = (typeof filters)[number];

/** The filter lives in the URL (?status=), so Back, reload and a shared link keep it. */
function useFilter(): Filter {
  const [params] = useSearchParams();
  return filters.find((filter) => filter.id === params.get('status')) ?? filters[0];
}

/** /dashboard/agency/referrals: the agency's referrals, by status. */
export function AgencyReferralListPage() {
  const filter = useFilter();
  // A search by reference looks past the status tab: it is after one referral, wherever it stands.
  const { reference } = useReferenceSearch();
  const referrals = useAgencyReferrals(filter.id, reference);

  let content;
  if (referrals.isPending) content = <Loading label="Loading your referrals…" />;
  else if (referrals.isError)
    content = (
      <ErrorState
        message={referrals.error.message}
        action={
          <Button variant="secondary" onClick={() => void referrals.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else if (referrals.items?.length === 0)
    content =
      reference === null ? (
        <EmptyList message={filter.empty} />
      ) : (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">
          No referral {formatReference(reference)} in your agency.
        </p>
      );
  else
    content = (
      <>
        <ReferralList items={referrals.items ?? []} label={reference === null ? `${filter.label} referrals` : `Referral ${formatReference(reference)}`} />
        {reference === null && <KeysetListFooter list={referrals} noun="referrals" />}
      </>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Referrals" description="Your agency's referrals: drafts, posted, matched and closed." />
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Referrals</h1>
          <ButtonLink to="/dashboard/agency/referrals/new">
            <Plus className="size-4" aria-hidden />
            New Referral
          </ButtonLink>
        </div>
      </div>
      <StatusFilter current={filter} />
      <ReferenceSearch label="Find a referral by reference" />
      {content}
    </div>
  );
}

/** Links rather than ARIA tabs: each filter is a place with its own URL, reachable with Tab and Enter. */
function StatusFilter({ current }: { current: Filter }) {
  return (
    <nav aria-label="Filter referrals by status" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {filters.map((filter) => {
          const active = filter.id === current.id;
          return (
            <li key={filter.id}>
              <Link
                to={`?status=${filter.id}`}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px block border-b-2 px-3 py-2 text-sm font-semibold',
                  active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {filter.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function EmptyList({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <ClipboardList className="size-8 text-slate-400" aria-hidden />
      <p className="text-slate-700">{message}</p>
      <p className="text-sm text-slate-600">Post a referral and nearby licensed therapists are notified at once.</p>
      <ButtonLink to="/dashboard/agency/referrals/new">
        <Plus className="size-4" aria-hidden />
        New Referral
      </ButtonLink>
    </div>
  );
}

function ReferralList({ items, label }: { items: AgencyReferralSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3">
      {items.map((item) => (
        <ReferralRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function ReferralRow({ item }: { item: AgencyReferralSummary }) {
  const unposted = item.status === 'draft';
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {/* The label names the patient only for the agency at aal2 (the server decides). */}
      <p className="text-sm font-semibold break-words text-slate-600">{item.referenceLabel}</p>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words text-slate-900">
          <Link to={`/dashboard/agency/referrals/${item.id}`} className="text-brand-800 underline-offset-2 hover:underline">
            {item.discipline} referral · {placeLabel(item.place)}
          </Link>
        </h2>
        <ReferralStatusBadge status={item.status} />
      </div>
      <p className="mt-1 text-sm break-words text-slate-700">{servicesLabel(item.services)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact term="Start by">{formatDay(item.startBy)}</Fact>
        <Fact term="Urgency">{urgencyLabels[item.urgency]}</Fact>
        <Fact term="Therapists notified">{unposted ? 'Not posted yet' : item.notifiedCount}</Fact>
        <Fact term="Responses">{unposted ? '—' : item.responseCount}</Fact>
        {item.matchedTherapistName && (
          <Fact term="Matched therapist" wide>
            {item.matchedTherapistName}
          </Fact>
        )}
      </dl>
    </li>
  );
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

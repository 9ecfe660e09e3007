import { Inbox } from 'lucide-react';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatReference } from '../../../domain/referral-reference-text';
import type { TherapistReferralSummary } from '../../../domain/referral-summaries';
import { useTherapistReferrals } from '../../api/referrals';
import { Button } from '../../ui/button';
import { KeysetListFooter } from '../../ui/load-more';
import { PageMeta } from '../../ui/page-meta';
import { ReferenceSearch, useReferenceSearch } from '../../ui/reference-search';
import { ErrorState, Loading } from '../../ui/states';
import { ReferralCard } from './referral-card';
import type { MapSelection } from './referral-map';
import { ReferralMapSection } from './referral-map-section';
import { ReferralsPausedNotice } from './referrals-paused-notice';
import { parseReferralView, ReferralViewTabs, type ReferralView } from './referral-view-tabs';

const listHeadings: Record<ReferralView, (count: number) => string> = {
  open: (count) => `${count} open ${count === 1 ? 'referral' : 'referrals'}`,
  mine: (count) => `${count} ${count === 1 ? 'referral' : 'referrals'} matched to you`,
  hidden: (count) => `${count} hidden ${count === 1 ? 'referral' : 'referrals'}`,
};

/**
 * /dashboard/therapist/referrals: the referrals offered to this therapist, as a list and a map, in
 * three lists (open, matched to me, hidden). The lists refresh when a referral notification arrives
 * (see useNotificationStream), so a new referral appears without a reload.
 */
export function ReferralsNearMePage() {
  const [params] = useSearchParams();
  const view = parseReferralView(params.get('view'));
  // A search by reference looks in every list: it is after one referral, wherever it stands.
  const { reference } = useReferenceSearch();
  const referrals = useTherapistReferrals(view, reference);
  // The same array while the pages are the same: a background refetch, or any other query the page
  // hears, then re-renders neither the cards nor the map.
  const pages = referrals.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <PageMeta title="Referrals near me" description="Referrals from home health agencies near you: services, rates, visit frequency and distance." />
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Referrals near me</h1>
        <p className="max-w-prose text-slate-700">
          Referrals that fit your discipline, license and service radius. Open one to accept it, ask for a higher rate, or decline.
        </p>
      </div>
      <ReferralsPausedNotice />
      <ReferralViewTabs current={view} />
      <ReferenceSearch label="Find a referral by reference" />
      {referrals.isPending ? (
        <Loading label="Loading referrals…" />
      ) : referrals.isError ? (
        <ErrorState
          message={referrals.error.message || 'The referrals could not be loaded.'}
          action={
            <Button variant="secondary" onClick={() => void referrals.refetch()}>
              Try again
            </Button>
          }
        />
      ) : items.length === 0 ? (
        reference === null ? (
          <EmptyList view={view} />
        ) : (
          <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">
            No referral {formatReference(reference)} among those offered or matched to you.
          </p>
        )
      ) : (
        <ReferralsWithMap
          key={`${view}-${reference ?? ''}`}
          items={items}
          heading={reference === null ? listHeadings[view](referrals.total) : `Referral ${formatReference(reference)}`}
          footer={reference === null && <KeysetListFooter list={referrals} noun="referrals" />}
        />
      )}
    </div>
  );
}

function ReferralsWithMap({ items, heading, footer }: { items: TherapistReferralSummary[]; heading: string; footer: ReactNode }) {
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const showOnMap = useCallback((id: string) => setSelection({ id, at: Date.now() }), []);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <section aria-labelledby="referral-list-heading" className="space-y-3 lg:col-start-1 lg:row-start-1">
        <h2 id="referral-list-heading" className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        <ReferralList items={items} onShowOnMap={showOnMap} />
        {footer}
      </section>
      {/* After the list on a phone, which paints first and alone (the map loads as it nears the screen);
          on the right, and kept in view, on a wide screen. */}
      <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1">
        <MemoMapSection referrals={items} selection={selection} />
      </div>
    </div>
  );
}

const ReferralList = memo(function ReferralList({ items, onShowOnMap }: { items: TherapistReferralSummary[]; onShowOnMap: (id: string) => void }) {
  return (
    <ul className="space-y-4">
      {items.map((referral) => (
        <li key={referral.id}>
          <ReferralCard referral={referral} onShowOnMap={onShowOnMap} />
        </li>
      ))}
    </ul>
  );
});

const MemoMapSection = memo(ReferralMapSection);

const emptyText: Record<ReferralView, { title: string; body: string }> = {
  open: {
    title: 'No open referrals near you right now',
    body: 'When an agency posts a referral that fits your discipline, license and service radius, it appears here and we alert you.',
  },
  mine: {
    title: 'No referrals matched to you yet',
    body: 'When an agency confirms you for a referral, it appears here with the patient’s details.',
  },
  hidden: {
    title: 'You have not hidden any referrals',
    body: 'Hide a referral you do not want to see in your open list; it waits here in case you change your mind.',
  },
};

function EmptyList({ view }: { view: ReferralView }) {
  const { title, body } = emptyText[view];
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Inbox className="size-8 text-slate-400" aria-hidden />
      <p className="text-lg font-medium text-slate-800">{title}</p>
      <p className="max-w-prose text-sm text-slate-600">{body}</p>
      {view === 'open' && (
        <Link to="/dashboard/therapist/settings" className="text-sm font-semibold text-brand-700 underline hover:no-underline">
          Choose how we alert you
        </Link>
      )}
    </div>
  );
}

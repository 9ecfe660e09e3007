import type { UseQueryResult } from '@tanstack/react-query';
import { ShieldCheck, Star } from 'lucide-react';
import { PAYS_ON_TIME_DAYS, type AgencyRecord } from '../../domain/agency-reliability';
import { ratingSummaryLine } from '../../domain/ratings';
import { useOwnAgencyRecord, useReferralAgencyRecord } from '../api/ratings';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';

/**
 * An agency's rating from therapists and its reliability, each part with its counts: "Agency
 * rating 4.6 from 12 ratings", "Reviews notes on time: 18 of 20 · Pays on time: 15 of 15". Shown
 * to a therapist on a referral's page and to the agency about itself.
 */
function AgencyRecordCard({ query, title }: { query: UseQueryResult<AgencyRecord>; title: string }) {
  let content;
  if (query.isPending) content = <Loading label="Loading the agency’s record…" />;
  else if (query.isError || !query.data)
    content = (
      <ErrorState
        message={`We could not load the agency’s record. ${query.error?.message ?? ''}`}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else content = <RecordFacts record={query.data} />;
  return (
    <section aria-labelledby="agency-record-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="agency-record-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {content}
    </section>
  );
}

/** On a therapist's referral page: the agency behind it, before and after accepting. */
export function ReferralAgencyRecord({ referralId, agencyName }: { referralId: string; agencyName: string }) {
  return <AgencyRecordCard query={useReferralAgencyRecord(referralId)} title={`About ${agencyName}`} />;
}

/** On the agency's dashboard: what therapists read about it. */
export function OwnAgencyRecord() {
  return <AgencyRecordCard query={useOwnAgencyRecord()} title="What therapists see about your agency" />;
}

function RecordFacts({ record }: { record: AgencyRecord }) {
  const { reliability } = record;
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="flex items-center gap-2 font-medium text-slate-900">
          <Star className="size-4 shrink-0 text-amber-600" aria-hidden />
          Agency rating
        </dt>
        <dd className="pl-6 text-slate-800" data-testid="agency-rating">
          {record.rating.count === 0 ? 'No ratings from therapists yet' : `Agency rating ${ratingSummaryLine(record.rating)}`}
        </dd>
      </div>
      <div>
        <dt className="flex items-center gap-2 font-medium text-slate-900">
          <ShieldCheck className="size-4 shrink-0 text-brand-700" aria-hidden />
          Reliability
        </dt>
        <dd className="pl-6 text-slate-800" data-testid="agency-reliability">
          {reliability.summary}
        </dd>
        <dd className="pl-6 text-xs text-slate-600">
          Notes count as reviewed on time when the agency approves or returns them before they are approved automatically; payments count as on time when paid within{' '}
          {PAYS_ON_TIME_DAYS} days of the note’s approval.
        </dd>
      </div>
    </dl>
  );
}

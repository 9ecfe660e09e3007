import type { ReactNode } from 'react';
import { disciplineNames } from '../../../domain/accounts';
import { offerWindows, urgencyLabels, type AgencyReferral } from '../../../domain/referrals';
import { useTimeZone } from '../../ui/use-time-zone';
import { countLabel, formatDay, formatFillTime, formatMoment, placeLabel } from './format';
import { RatesTable } from '../rates-table';

const offerWindowLabel = (hours: number) => offerWindows.find((window) => window.hours === hours)?.label ?? countLabel(hours, 'hour');

/** Everything the agency entered, and what has happened to the referral since. */
export function ReferralDetails({ referral }: { referral: AgencyReferral }) {
  const zone = useTimeZone();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="details-title" className="min-w-0 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="details-title" className="text-xl font-semibold text-slate-900">
          Referral details
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact term="Discipline">
            {referral.discipline} ({disciplineNames[referral.discipline]})
          </Fact>
          <Fact term="Place">{placeLabel(referral.place)}</Fact>
          <Fact term="Visit frequency">
            <span className="font-mono">{referral.visitFrequency}</span>
            <span className="block text-slate-700">
              {referral.visitFrequencyText} ({countLabel(referral.totalVisits, 'visit')})
            </span>
          </Fact>
          <Fact term="Start by">{formatDay(referral.startBy)}</Fact>
          {referral.orderedStartOfCare && <Fact term="Ordered start of care">{formatDay(referral.orderedStartOfCare)}</Fact>}
          <Fact term="Urgency">{urgencyLabels[referral.urgency]}</Fact>
          <Fact term="Offer open for">
            {offerWindowLabel(referral.offerOpenHours)}
            {referral.expiresAt && <span className="block text-slate-700">until {formatMoment(referral.expiresAt, zone)}</span>}
          </Fact>
          <Fact term="Instant confirm">
            {referral.instantConfirm ? 'On: the first acceptance at your offered rates is matched automatically' : 'Off: you confirm each match'}
          </Fact>
        </dl>
        <div>
          <h3 className="text-base font-semibold text-slate-900">Services</h3>
          <RatesTable services={referral.services} columns={[]} caption="Services, visits and offered rates" />
        </div>
        <div>
          <h3 className="text-base font-semibold text-slate-900">Clinical summary</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{referral.clinicalSummary}</p>
        </div>
      </section>
      <Timeline referral={referral} />
    </div>
  );
}

function Timeline({ referral }: { referral: AgencyReferral }) {
  const zone = useTimeZone();
  const moments: Array<[string, string | null]> = [
    ['Created', referral.createdAt],
    ['Posted', referral.postedAt],
    ['First response', referral.firstResponseAt],
    ['Matched', referral.matchedAt],
  ];
  if (referral.cancelledAt) moments.push(['Cancelled', referral.cancelledAt]);
  return (
    <section aria-labelledby="timeline-title" className="min-w-0 space-y-4 self-start rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="timeline-title" className="text-xl font-semibold text-slate-900">
        Timeline
      </h2>
      <dl className="grid gap-3">
        {moments.map(([term, iso]) => (
          <Fact key={term} term={term}>
            {iso ? <time dateTime={iso}>{formatMoment(iso, zone)}</time> : <span className="text-slate-500">Not yet</span>}
          </Fact>
        ))}
        {referral.fillMinutes !== null && <Fact term="Fill time">{formatFillTime(referral.fillMinutes)}</Fact>}
        {referral.cancelReason && (
          <Fact term="Reason for cancelling">
            <span className="break-words whitespace-pre-wrap">{referral.cancelReason}</span>
          </Fact>
        )}
      </dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

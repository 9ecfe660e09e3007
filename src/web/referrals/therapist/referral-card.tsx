import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TherapistReferralSummary } from '../../../domain/referral-summaries';
import { Button } from '../../ui/button';
import { placeText } from './format';
import { ResponseBadge, UrgencyBadge } from './referral-badges';
import { ReferralFacts, ServiceRatesTable } from './referral-facts';

export const referralPath = (id: string) => `/dashboard/therapist/referrals/${id}`;

/** "PT referral in Austin, TX 78704": the name a referral goes by in lists, the map and its page. */
export const referralTitle = (referral: Pick<TherapistReferralSummary, 'discipline' | 'place'>) =>
  `${referral.discipline} referral in ${placeText(referral.place)}`;

/**
 * One referral in the list. Its title links to the referral; "Show on map" points the map at it, so
 * the list is the keyboard's way to every marker.
 */
export function ReferralCard({ referral, onShowOnMap }: { referral: TherapistReferralSummary; onShowOnMap?: (id: string) => void }) {
  const titleId = useId();
  const status = referral.matchedToMe ? 'confirmed' : referral.myResponse?.status;
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words text-slate-600">{referral.referenceLabel}</p>
          <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {/* A 44 px row to tap, without moving the heading: the padding is taken back by the margin. */}
            <Link to={referralPath(referral.id)} className="-my-2.5 inline-flex min-h-11 items-center text-brand-800 underline-offset-2 hover:underline">
              {referralTitle(referral)}
            </Link>
          </h3>
          <p className="text-sm break-words text-slate-600">Posted by {referral.agencyName}</p>
        </div>
        <UrgencyBadge urgency={referral.urgency} />
      </div>
      {status && (
        <p>
          <ResponseBadge status={status} />
        </p>
      )}
      <ServiceRatesTable services={referral.services} myRates={referral.myRates} caption={`Services and rates, ${referralTitle(referral)}`} />
      <ReferralFacts referral={referral} compact />
      {onShowOnMap && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onShowOnMap(referral.id)}
          aria-label={`Show on map: ${referralTitle(referral)}`}
          className="-ml-3 text-brand-800"
        >
          <MapPin className="size-4" aria-hidden />
          Show on map
        </Button>
      )}
    </article>
  );
}

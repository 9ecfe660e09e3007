import { CheckCircle2, CircleSlash, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TherapistReferral } from '../../../domain/referrals';
import { useTimeZone } from '../../ui/use-time-zone';
import { moment, type ReferralOutcome } from './format';
import { RatesTable } from '../rates-table';

function Banner({ tone, icon, title, children }: { tone: 'success' | 'neutral'; icon: ReactNode; title: string; children?: ReactNode }) {
  const colours = tone === 'success' ? 'border-green-200 bg-green-50' : 'border-slate-200 bg-slate-100';
  return (
    <section aria-labelledby="outcome-heading" className={`flex items-start gap-3 rounded-2xl border p-4 sm:p-5 ${colours}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 space-y-1">
        <h2 id="outcome-heading" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children && <div className="text-sm break-words text-slate-700">{children}</div>}
      </div>
    </section>
  );
}

const backToList = (
  <Link to="/dashboard/therapist/referrals" className="font-semibold text-brand-700 underline hover:no-underline">
    See open referrals near you
  </Link>
);

/** Where a closed referral ended up for this therapist: matched to them, filled, cancelled or expired. */
export function ReferralOutcomeBanner({ referral, outcome }: { referral: TherapistReferral; outcome: Exclude<ReferralOutcome, 'open'> }) {
  const zone = useTimeZone();
  switch (outcome) {
    case 'matched_to_me':
      return (
        <Banner tone="success" icon={<CheckCircle2 className="size-6 text-green-700" aria-hidden />} title="You were matched">
          <p>
            {referral.agencyName} confirmed you for this referral{referral.matchedAt ? ` on ${moment(referral.matchedAt, zone)}` : ''}. The
            patient’s details are below once the agency has added them.
          </p>
          {referral.myResponse && (
            <div className="mt-3 rounded-lg bg-white p-3">
              <RatesTable
                services={referral.services}
                caption="The rates agreed at the match"
                columns={[{ label: 'Agreed', rates: referral.myResponse.requestedRates }]}
              />
            </div>
          )}
        </Banner>
      );
    case 'filled':
      return (
        <Banner tone="neutral" icon={<CircleSlash className="size-6 text-slate-600" aria-hidden />} title="This referral was filled">
          <p>The agency confirmed another therapist. {backToList}</p>
        </Banner>
      );
    case 'cancelled':
      return (
        <Banner tone="neutral" icon={<CircleSlash className="size-6 text-slate-600" aria-hidden />} title="The agency cancelled this referral">
          {referral.cancelReason && <p>Reason: {referral.cancelReason}</p>}
          <p>{backToList}</p>
        </Banner>
      );
    case 'expired':
      return (
        <Banner tone="neutral" icon={<Clock className="size-6 text-slate-600" aria-hidden />} title="This offer has expired">
          <p>The offer closed before a therapist was confirmed. {backToList}</p>
        </Banner>
      );
    case 'closed':
      return (
        <Banner tone="neutral" icon={<Clock className="size-6 text-slate-600" aria-hidden />} title="This referral is not open">
          <p>The agency has taken it back to edit. {backToList}</p>
        </Banner>
      );
  }
}

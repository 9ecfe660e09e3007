import { CheckCircle2 } from 'lucide-react';
import type { AgencyReferral } from '../../../domain/referrals';
import { useTimeZone } from '../../ui/use-time-zone';
import { formatFillTime, formatMoment } from './format';
import { RatesTable } from '../rates-table';
import { TherapistFacts, therapistName, type Responder } from './therapist-facts';

/** After the match: who takes the referral and the rates agreed for each service. */
export function MatchedTherapist({ referral, therapist }: { referral: AgencyReferral; therapist: Responder }) {
  const zone = useTimeZone();
  const name = therapistName(therapist);
  return (
    <section aria-labelledby="matched-title" className="space-y-4 rounded-2xl border border-green-200 bg-white p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-1 size-6 shrink-0 text-green-700" aria-hidden />
        <div className="min-w-0">
          <h2 id="matched-title" className="text-xl font-semibold text-slate-900">
            Matched therapist
          </h2>
          <p className="text-lg font-medium break-words text-slate-900">{name}</p>
          {referral.matchedAt && (
            <p className="text-sm text-slate-600">
              Matched {formatMoment(referral.matchedAt, zone)}
              {referral.fillMinutes !== null && <>, filled in {formatFillTime(referral.fillMinutes)}</>}
            </p>
          )}
        </div>
      </div>
      <TherapistFacts therapist={therapist} />
      <div>
        <h3 className="text-base font-semibold text-slate-900">Agreed rates</h3>
        <RatesTable services={referral.services} columns={[{ label: 'Agreed', rates: referral.agreedRates }]} caption={`Rates agreed with ${name}`} />
      </div>
    </section>
  );
}

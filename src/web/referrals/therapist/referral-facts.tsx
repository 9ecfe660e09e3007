import type { ReactNode } from 'react';
import type { TherapistReferralSummary } from '../../../domain/referral-summaries';
import { cn } from '../../ui/cn';
import { useTimeZone } from '../../ui/use-time-zone';
import { formatRate } from '../rates';
import { calendarDate, distanceText, offerExpiryText, placeText } from './format';

type Services = TherapistReferralSummary['services'];

/**
 * Each service with its visit count, the agency's offered rate and the therapist's own rate, so an
 * offer below their usual rate is plain before they answer.
 */
export function ServiceRatesTable({ services, myRates, caption }: { services: Services; myRates: Record<string, number>; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600">
          <th scope="col" className="py-1.5 pr-2 font-medium">
            Service
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            Visits
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            Offered
          </th>
          <th scope="col" className="py-1.5 pl-2 text-right font-medium">
            Your rate
          </th>
        </tr>
      </thead>
      <tbody>
        {services.map((service) => {
          const mine = myRates[service.serviceId];
          const below = mine !== undefined && service.offeredRate < mine;
          return (
            <tr key={service.serviceId} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-2 font-medium break-words text-slate-900">
                {service.name}
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums">{service.visitCount}</td>
              <td className="px-2 py-1.5 text-right font-semibold tabular-nums text-slate-900">
                {formatRate(service.offeredRate)}
                {below && <span className="block text-xs font-normal text-amber-800">{formatRate(mine - service.offeredRate)} less than your rate</span>}
              </td>
              <td className="py-1.5 pl-2 text-right tabular-nums">{mine === undefined ? '—' : formatRate(mine)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2 sm:col-span-1')}>
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Visit frequency, start-by date, distance, place and how long the offer stays open. `compact` (the
 * list) leaves out the note about the address, which the referral's own page gives once.
 */
export function ReferralFacts({ referral, compact = false }: { referral: TherapistReferralSummary; compact?: boolean }) {
  const zone = useTimeZone();
  const expiry = referral.status === 'posted' ? offerExpiryText(referral.expiresAt, zone) : null;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
      <Fact term="Visit frequency" wide>
        <span className="font-semibold">{referral.visitFrequency}</span>
        <span className="block text-slate-700">
          {referral.visitFrequencyText} ({referral.totalVisits} {referral.totalVisits === 1 ? 'visit' : 'visits'})
        </span>
      </Fact>
      <Fact term="Start by">{calendarDate(referral.startBy)}</Fact>
      {referral.orderedStartOfCare && <Fact term="Ordered start of care">{calendarDate(referral.orderedStartOfCare)}</Fact>}
      <Fact term="Distance">{distanceText(referral.distanceMiles)}</Fact>
      <Fact term="Location" wide>
        {placeText(referral.place)}
        {!compact && (
          <span className="block text-xs text-slate-600">
            {/* Once matched, the address is on the patient's details (and each visit), not promised for later. */}
            {referral.matchedToMe ? 'ZIP code area; the patient’s address is with their details' : 'ZIP code area; the address is shared after the match'}
          </span>
        )}
      </Fact>
      {expiry && (
        <Fact term="Offer" wide>
          {expiry}
        </Fact>
      )}
    </dl>
  );
}

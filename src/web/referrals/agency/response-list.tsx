import { isReferralOpen, isResponseConfirmable } from '../../../domain/referral-lifecycle';
import { Inbox } from 'lucide-react';
import { rateRequestReasonLabels, type AgencyReferral, type ResponseStatus } from '../../../domain/referrals';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useTimeZone } from '../../ui/use-time-zone';
import type { AgencyResponse } from './confirm-response-dialog';
import { countLabel, formatMoment } from './format';
import { RatesTable, type RateColumn } from '../rates-table';
import { TherapistFacts, therapistName } from './therapist-facts';

const responseStatusLabels: Record<ResponseStatus, { label: string; className: string }> = {
  accepted: { label: 'Accepted', className: 'bg-green-100 text-green-900 ring-green-600/30' },
  rate_requested: { label: 'Asks for a higher rate', className: 'bg-amber-100 text-amber-950 ring-amber-600/30' },
  countered: { label: 'Counter offer sent', className: 'bg-blue-100 text-blue-900 ring-blue-600/30' },
  declined: { label: 'Declined', className: 'bg-slate-100 text-slate-800 ring-slate-500/30' },
  withdrawn: { label: 'Withdrawn', className: 'bg-slate-100 text-slate-800 ring-slate-500/30' },
  confirmed: { label: 'Confirmed', className: 'bg-green-100 text-green-900 ring-green-600/30' },
  not_selected: { label: 'Not selected', className: 'bg-slate-100 text-slate-800 ring-slate-500/30' },
};

export interface ResponseHandlers {
  onConfirm: (response: AgencyResponse) => void;
  onCounter: (response: AgencyResponse) => void;
}

/** The therapists who answered, newest state first as the server sends them, with what each asks. */
export function ResponseList({ referral, ...handlers }: ResponseHandlers & { referral: AgencyReferral }) {
  const { responses } = referral;
  return (
    <section aria-labelledby="responses-title" className="space-y-4">
      <h2 id="responses-title" className="text-xl font-semibold text-slate-900">
        Responses <span className="font-normal text-slate-600">({responses.length})</span>
      </h2>
      {responses.length === 0 ? (
        <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-700">
          <Inbox className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
          <p>
            {referral.status === 'posted'
              ? `No responses yet. ${countLabel(referral.notifiedCount, 'therapist')} notified; each answer appears here as it arrives.`
              : 'No therapist responded to this referral.'}
          </p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Therapist responses">
          {responses.map((response) => (
            <ResponseCard key={response.id} referral={referral} response={response} {...handlers} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ResponseCard({ referral, response, onConfirm, onCounter }: ResponseHandlers & { referral: AgencyReferral; response: AgencyResponse }) {
  const zone = useTimeZone();
  const name = therapistName(response.therapist);
  const status = responseStatusLabels[response.status];
  const open = isReferralOpen(referral.status);
  const canConfirm = open && isResponseConfirmable(response.status);
  const canCounter = open && response.status === 'rate_requested';
  // A plain acceptance has no reason: its rates are the offer (or the counter it took), not a request.
  const columns: RateColumn[] = [{ label: response.reason ? 'Asked' : 'Accepts at', rates: response.requestedRates }];
  if (response.counterRates) columns.push({ label: 'Counter', rates: response.counterRates });

  return (
    <li aria-label={name} className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words text-slate-900">{name}</h3>
          <p className="text-xs text-slate-600">Responded {formatMoment(response.createdAt, zone)}</p>
        </div>
        <span
          data-status={response.status}
          className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', status?.className)}
        >
          {status?.label ?? response.status}
        </span>
      </div>
      <TherapistFacts therapist={response.therapist} />
      <RatesTable services={referral.services} columns={columns} caption={`Rates asked by ${name}`} />
      {(response.reason || response.note) && (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {response.reason && (
            <p>
              <span className="font-semibold">Reason:</span> {rateRequestReasonLabels[response.reason]}
            </p>
          )}
          {response.note && <p className="break-words whitespace-pre-wrap">“{response.note}”</p>}
        </div>
      )}
      {response.counterNote && (
        <p className="text-sm break-words text-slate-700">
          <span className="font-semibold">Your note:</span> {response.counterNote}
        </p>
      )}
      {(canConfirm || canCounter) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {canConfirm && (
            <Button onClick={() => onConfirm(response)} aria-label={`Confirm ${name}`}>
              Confirm
            </Button>
          )}
          {canCounter && (
            <Button variant="secondary" onClick={() => onCounter(response)} aria-label={`Counter ${name}`}>
              Counter
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

import { useRef, useState } from 'react';
import { rateRequestReasonLabels, type ResponseView, type TherapistReferral } from '../../../domain/referrals';
import { useRespond, useWithdrawResponse } from '../../api/referrals';
import { Button } from '../../ui/button';
import type { ActionFeedback } from './action-feedback';
import { CounterOffer } from './counter-offer';
import { withdrawableStatuses } from './format';
import { RatesTable } from '../rates-table';
import { RateRequestForm } from './rate-request-form';

type Run = ActionFeedback['run'];

/**
 * "Your response" while the referral is open: accept, ask for a higher rate or decline; once
 * answered, what was said (and any counter offer to answer), with a way to withdraw it.
 * `feedback` belongs to the page: a conflict (say, filled meanwhile) replaces this panel with the
 * outcome, and its message must outlive the panel.
 */
export function ResponsePanel({ referral, feedback }: { referral: TherapistReferral; feedback: ActionFeedback }) {
  const respond = useRespond(referral.id);
  const withdraw = useWithdrawResponse(referral.id);
  const { run, setNotice } = feedback;
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const response = referral.myResponse && referral.myResponse.status !== 'withdrawn' ? referral.myResponse : null;
  const busy = respond.isPending || withdraw.isPending;

  // The button just pressed is replaced by the new state; focus goes to the section's heading so a
  // keyboard or screen reader user carries on from there rather than from the top of the page.
  const act: Run = async (action, success) => {
    const done = await run(action, success);
    if (done) heading.current?.focus();
    return done;
  };

  return (
    <section aria-labelledby="response-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="response-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        Your response
      </h2>
      {response ? (
        <CurrentResponse referral={referral} response={response} run={act} />
      ) : asking ? (
        <RateRequestForm
          referral={referral}
          onCancel={() => setAsking(false)}
          onSent={() => {
            setAsking(false);
            setNotice('Your rate request was sent to the agency.');
            heading.current?.focus();
          }}
        />
      ) : (
        <div className="space-y-3">
          {referral.instantConfirm && (
            <p className="text-sm text-slate-700">This agency confirms the first therapist who accepts at the offered rates.</p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button disabled={busy} onClick={() => void act(() => respond.mutateAsync({ kind: 'accept' }), 'You accepted this referral.')}>
              Accept at offered rates
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
              Request a higher rate
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => void act(() => respond.mutateAsync({ kind: 'decline', note: '' }), 'You declined this referral.')}
            >
              Decline
            </Button>
          </div>
        </div>
      )}
      {response && withdrawableStatuses.includes(response.status) && (
        <Button variant="secondary" disabled={busy} onClick={() => void act(() => withdraw.mutateAsync(), 'Your response was withdrawn.')}>
          Withdraw my response
        </Button>
      )}
    </section>
  );
}

function CurrentResponse({ referral, response, run }: { referral: TherapistReferral; response: ResponseView; run: Run }) {
  switch (response.status) {
    case 'countered':
      return <CounterOffer referral={referral} response={response} run={run} />;
    case 'rate_requested':
      return (
        <div className="space-y-3">
          <p className="text-slate-800">
            You asked for a higher rate. The agency may confirm you at these rates or make a counter offer.
          </p>
          <RatesTable services={referral.services} caption="Your rate request" columns={[{ label: 'You asked', rates: response.requestedRates }]} />
          {response.reason && (
            <p className="text-sm text-slate-800">
              <span className="font-medium">Reason:</span> {rateRequestReasonLabels[response.reason]}
            </p>
          )}
          {response.note && (
            <p className="text-sm break-words text-slate-800">
              <span className="font-medium">Your note:</span> {response.note}
            </p>
          )}
        </div>
      );
    case 'accepted':
      return response.counterRates ? (
        <div className="space-y-3">
          <p className="text-slate-800">You accepted the agency’s counter offer. The agency confirms one therapist; we will let you know.</p>
          <RatesTable
            services={referral.services}
            caption="The rates you accepted"
            columns={[{ label: 'Accepted', rates: { ...response.requestedRates, ...response.counterRates } }]}
          />
        </div>
      ) : (
        <p className="text-slate-800">You accepted at the offered rates. The agency confirms one therapist; we will let you know.</p>
      );
    case 'declined':
      return <p className="text-slate-800">You declined this referral. Withdraw your response if you change your mind.</p>;
    default:
      return null;
  }
}

import type { ResponseView, TherapistReferral } from '../../../domain/referrals';
import { useAnswerCounter } from '../../api/referrals';
import { Button } from '../../ui/button';
import { RatesTable } from '../rates-table';

/**
 * The agency's counter offer to a rate request: what the therapist asked beside what the agency now
 * offers, with its note, to accept (the response becomes an acceptance at these rates) or decline.
 * The server fills in a service the counter leaves out with what the therapist asked.
 */
export function CounterOffer({
  referral,
  response,
  run,
}: {
  referral: TherapistReferral;
  response: ResponseView;
  run: (action: () => Promise<unknown>, success: string) => Promise<boolean>;
}) {
  const answer = useAnswerCounter(referral.id);
  const counter = { ...response.requestedRates, ...(response.counterRates ?? {}) };
  return (
    <div className="space-y-3 rounded-xl border border-violet-200 bg-violet-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">The agency made a counter offer</h3>
      <RatesTable
        services={referral.services}
        caption="The agency’s counter offer"
        columns={[
          { label: 'You asked', rates: response.requestedRates },
          { label: 'Counter offer', rates: counter },
        ]}
      />
      {response.counterNote && (
        <p className="text-sm break-words text-slate-800">
          <span className="font-medium">Agency’s note:</span> {response.counterNote}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button disabled={answer.isPending} onClick={() => void run(() => answer.mutateAsync({ accept: true }), 'You accepted the counter offer.')}>
          Accept counter
        </Button>
        <Button
          variant="secondary"
          disabled={answer.isPending}
          onClick={() => void run(() => answer.mutateAsync({ accept: false }), 'You declined the counter offer.')}
        >
          Decline counter
        </Button>
      </div>
    </div>
  );
}

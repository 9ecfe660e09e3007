import { useState } from 'react';
import type { AgencyReferral } from '../../../domain/referrals';
import { ApiError } from '../../api/client';
import { useConfirmResponse } from '../../api/referrals';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/field';
import { RatesTable } from '../rates-table';
import { therapistName } from './therapist-facts';

export type AgencyResponse = AgencyReferral['responses'][number];

/** The rates a match with this response would be at: an accepted counter, or what the therapist asked. */
export function ratesOf(response: AgencyResponse): Record<string, number> {
  return response.status === 'accepted' && response.counterRates ? response.counterRates : response.requestedRates;
}

/**
 * Asks before matching, since a match cannot be undone here and tells every other therapist the
 * referral is filled. A 409 means someone else was matched first: the page says so and reloads.
 */
export function ConfirmResponseDialog({
  referral,
  response,
  onClose,
  onConfirmed,
  onConflict,
}: {
  referral: AgencyReferral;
  response: AgencyResponse | undefined;
  onClose: () => void;
  onConfirmed: (name: string) => void;
  onConflict: (message: string) => void;
}) {
  const confirm = useConfirmResponse(referral.id);
  const [failure, setFailure] = useState<string>();
  const name = response ? therapistName(response.therapist) : '';

  const submit = async () => {
    if (!response) return;
    setFailure(undefined);
    try {
      await confirm.mutateAsync(response.id);
      onConfirmed(name);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') onConflict(error.message);
      else setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <Dialog
      open={response !== undefined}
      onOpenChange={(open) => {
        if (!open && !confirm.isPending) {
          setFailure(undefined);
          onClose();
        }
      }}
      title={response ? `Confirm ${name}?` : 'Confirm therapist'}
      description="They are matched to this referral at these rates, and the other therapists are told it is filled."
    >
      {response && (
        <div className="space-y-4">
          {failure && <FormAlert>{failure}</FormAlert>}
          <RatesTable services={referral.services} columns={[{ label: 'Agreed', rates: ratesOf(response) }]} caption={`Rates for ${name}`} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={confirm.isPending}>
              Not yet
            </Button>
            <Button onClick={() => void submit()} disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming…' : 'Confirm match'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

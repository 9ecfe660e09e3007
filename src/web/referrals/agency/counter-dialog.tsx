import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { serviceTypes } from '../../../domain/accounts';
import { MAX_RATE } from '../../../domain/onboarding';
import { counterSchema, type AgencyReferral, type ServiceRates } from '../../../domain/referrals';
import { applyServerErrors } from '../../api/forms';
import { useCounterResponse } from '../../api/referrals';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormAlert, TextAreaField, TextField } from '../../ui/field';
import type { AgencyResponse } from './confirm-response-dialog';
import { formatRate } from '../rates';
import { therapistName } from './therapist-facts';

type CounterInput = z.input<typeof counterSchema>;
type CounterFields = z.output<typeof counterSchema>;

const fieldNames: readonly string[] = ['rates', 'note', ...serviceTypes.map((service) => `rates.${service.id}`)];

/** Offers a rate request other rates: one per service on the referral, starting from what was asked. */
export function CounterDialog({
  referral,
  response,
  onClose,
  onCountered,
}: {
  referral: AgencyReferral;
  response: AgencyResponse | undefined;
  onClose: () => void;
  onCountered: (name: string) => void;
}) {
  const name = response ? therapistName(response.therapist) : '';
  return (
    <Dialog
      open={response !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={response ? `Counter ${name}’s rates` : 'Counter offer'}
      description="They can accept your rates or turn them down. Until they answer, you can still confirm another therapist."
    >
      {/* Keyed by response, so each opening starts from that therapist's asked rates. */}
      {response && <CounterForm key={response.id} referral={referral} response={response} onCancel={onClose} onCountered={() => onCountered(name)} />}
    </Dialog>
  );
}

function CounterForm({
  referral,
  response,
  onCancel,
  onCountered,
}: {
  referral: AgencyReferral;
  response: AgencyResponse;
  onCancel: () => void;
  onCountered: () => void;
}) {
  const counter = useCounterResponse(referral.id);
  const [failure, setFailure] = useState<string>();
  const rates: ServiceRates = {};
  for (const service of referral.services) rates[service.serviceId] = response.requestedRates[service.serviceId] ?? service.offeredRate;
  const form = useForm<CounterInput, unknown, CounterFields>({ resolver: zodResolver(counterSchema), defaultValues: { rates, note: '' } });
  const { errors } = form.formState;
  const ratesError = errors.rates?.message ?? errors.rates?.root?.message;
  // A changed rate makes the server's "must differ from what was asked" answer stale.
  const rateChanged = () => form.clearErrors('rates');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await counter.mutateAsync({ responseId: response.id, rates: values.rates, note: values.note });
      onCountered();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Your rate per visit ($)</legend>
        {referral.services.map((service) => {
          const asked = response.requestedRates[service.serviceId];
          return (
            <TextField
              key={service.serviceId}
              label={service.name}
              type="number"
              inputMode="decimal"
              min={0.01}
              max={MAX_RATE}
              step={0.01}
              hint={`Offered ${formatRate(service.offeredRate)}${asked === undefined ? '' : `, asked ${formatRate(asked)}`}`}
              error={errors.rates?.[service.serviceId]?.message}
              {...form.register(`rates.${service.serviceId}`, { valueAsNumber: true, onChange: rateChanged })}
            />
          );
        })}
        {ratesError && (
          <p role="alert" className="text-sm text-red-700">
            {ratesError}
          </p>
        )}
      </fieldset>
      <TextAreaField label="Note to the therapist" optional rows={3} maxLength={500} error={errors.note?.message} {...form.register('note')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={form.formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Send counter offer'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_RATE } from '../../../domain/onboarding';
import {
  rateRequestReasonLabels,
  rateRequestReasons,
  referralMessages,
  respondSchema,
  serviceRatesSchema,
  type ServiceRates,
  type TherapistReferral,
} from '../../../domain/referrals';
import { applyServerErrors } from '../../api/forms';
import { useRespond } from '../../api/referrals';
import { Button } from '../../ui/button';
import { FormAlert, TextAreaField, TextField } from '../../ui/field';
import { RadioGroupField } from '../../ui/radio-group-field';
import { formatRate } from '../rates';

// The rate request branch of the API's respondSchema (kind aside), so the form and the server share
// every field rule and message.
const rateRequestFields = respondSchema.options[1].omit({ kind: true });

/**
 * What the API schema cannot know: the offered rates. At least one rate must be above the offer,
 * and "Other" needs a word of explanation.
 */
function rateRequestFormSchema(services: TherapistReferral['services']) {
  return rateRequestFields
    .extend({
      rates: serviceRatesSchema.refine(
        (rates) => services.some((service) => (rates[service.serviceId] ?? 0) > service.offeredRate),
        referralMessages.rateRequestHigher,
      ),
    })
    .refine((values) => values.reason !== 'other' || values.note !== '', {
      message: referralMessages.rateRequestNote,
      path: ['note'],
      // Checked even while another field is wrong, so every message shows at once.
      when: (payload) => (payload.value as { reason?: unknown }).reason === 'other',
    });
}

type FormInput = z.input<typeof rateRequestFields>;
type FormOutput = z.output<typeof rateRequestFields>;

const reasonOptions = rateRequestReasons.map((reason) => ({ value: reason, label: rateRequestReasonLabels[reason] }));

/** "Request a higher rate": a rate per service (prefilled with the offer), a reason and a note. */
export function RateRequestForm({ referral, onSent, onCancel }: { referral: TherapistReferral; onSent: () => void; onCancel: () => void }) {
  const respond = useRespond(referral.id);
  const [failure, setFailure] = useState<string>();
  const ratesErrorId = useId();
  const schema = useMemo(() => rateRequestFormSchema(referral.services), [referral.services]);
  const offered: ServiceRates = Object.fromEntries(referral.services.map((service) => [service.serviceId, service.offeredRate]));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { rates: offered, note: '' },
  });
  const { register, formState } = form;
  const { errors } = formState;
  const ratesError = errors.rates?.message;
  const firstService = referral.services[0]?.serviceId;

  // Opened by "Request a higher rate", whose button is gone: carry on at the first rate.
  useEffect(() => {
    if (firstService) form.setFocus(`rates.${firstService}`);
  }, [form, firstService]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    // Only the services on this referral, whatever else the form may hold.
    const rates: ServiceRates = Object.fromEntries(referral.services.map((service) => [service.serviceId, values.rates[service.serviceId]]));
    try {
      await respond.mutateAsync({ kind: 'rate_request', rates, reason: values.reason, note: values.note });
      onSent();
    } catch (error) {
      const known = ['reason', 'note', 'rates', ...referral.services.map((service) => `rates.${service.serviceId}`)];
      setFailure(applyServerErrors(error, form.setError, known));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="rate-request-title" className="space-y-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div>
        <h3 id="rate-request-title" className="text-base font-semibold text-slate-900">
          Request a higher rate
        </h3>
        <p className="text-sm text-slate-600">
          The agency may confirm you at these rates or answer with a counter offer. Ask for more on at least one service.
        </p>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <fieldset aria-describedby={ratesError ? ratesErrorId : undefined} className="min-w-0 space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Your rate per visit (US dollars)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {referral.services.map((service) => (
            <TextField
              key={service.serviceId}
              label={service.name}
              type="number"
              inputMode="decimal"
              min={0.01}
              max={MAX_RATE}
              step={0.01}
              hint={`Offered ${formatRate(service.offeredRate)} for ${service.visitCount} ${service.visitCount === 1 ? 'visit' : 'visits'}`}
              error={errors.rates?.[service.serviceId]?.message}
              {...register(`rates.${service.serviceId}`, { valueAsNumber: true })}
            />
          ))}
        </div>
        {ratesError && (
          <p id={ratesErrorId} role="alert" className="text-sm text-red-700">
            {ratesError}
          </p>
        )}
      </fieldset>
      <RadioGroupField legend="Reason" options={reasonOptions} columns={3} error={errors.reason?.message} registration={register('reason')} />
      <TextAreaField
        label="Note for the agency"
        optional
        maxLength={500}
        hint="Needed when the reason is Other. Do not include the patient’s details."
        error={errors.note?.message}
        {...register('note')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send rate request'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={formState.isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

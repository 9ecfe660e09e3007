import { useFormContext } from 'react-hook-form';
import { MAX_RATE, SERVICE_RADIUS_MILES, type OnboardingState, type TherapistOnboardingInput } from '../../domain/onboarding';
import { TextField } from '../ui/field';

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

/** Step 2 for therapists: a rate per service, prefilled with saved or default rates, and a service radius. */
export function RatesStep({ services }: { services: OnboardingState['services'] }) {
  const { register, formState } = useFormContext<TherapistOnboardingInput>();
  const { errors } = formState;
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Your rate per visit (US dollars)</legend>
        <p className="text-sm text-slate-600">
          Agencies see these rates on your responses. You can ask for more on a complex or long-distance referral.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          {services.map((service) => (
            <TextField
              key={service.id}
              label={service.name}
              type="number"
              inputMode="decimal"
              min={0.01}
              max={MAX_RATE}
              step={0.01}
              hint={`Default ${dollars(service.defaultRate)}`}
              error={errors.rates?.[service.id]?.message}
              {...register(`rates.${service.id}`, { valueAsNumber: true })}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label="Service radius (miles)"
        type="number"
        inputMode="numeric"
        min={SERVICE_RADIUS_MILES.min}
        max={SERVICE_RADIUS_MILES.max}
        step={1}
        hint={`How far from your ZIP code you will travel for visits (${SERVICE_RADIUS_MILES.min}-${SERVICE_RADIUS_MILES.max} miles)`}
        error={errors.serviceRadiusMiles?.message}
        {...register('serviceRadiusMiles', { valueAsNumber: true })}
      />
    </div>
  );
}

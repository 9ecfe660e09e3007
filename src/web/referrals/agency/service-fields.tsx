import { useId, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { serviceTypes, type ServiceTypeId } from '../../../domain/accounts';
import { MAX_RATE } from '../../../domain/onboarding';
import { MAX_VISITS_PER_SERVICE, type ReferralInput, type ReferralService } from '../../../domain/referrals';
import { CheckboxField } from '../../preferences/checkbox-field';
import { TextField } from '../../ui/field';
import { formatRate } from '../rates';

type ServiceType = (typeof serviceTypes)[number];

/**
 * A checkbox per service type, each with its visit count and offered rate once ticked. The form
 * holds only the ticked services, in the service types' order, so `services.0.offeredRate` names
 * the same row in the form, in zod's errors and in the server's errors.
 */
export function ServicesField() {
  const { control, register, getValues, formState } = useFormContext<ReferralInput>();
  const { fields, insert, remove } = useFieldArray({ control, name: 'services' });
  // Unticking and ticking again brings back what was typed, rather than the defaults.
  const remembered = useRef<Partial<Record<ServiceTypeId, ReferralService>>>({});
  const errors = formState.errors.services;
  const groupError = errors?.message ?? errors?.root?.message;
  const errorId = useId();

  const toggle = (type: ServiceType, on: boolean) => {
    const index = fields.findIndex((field) => field.serviceId === type.id);
    if (!on) {
      if (index < 0) return;
      remembered.current[type.id] = getValues(`services.${index}`);
      remove(index);
      return;
    }
    if (index >= 0) return;
    const order = serviceTypes.findIndex((candidate) => candidate.id === type.id);
    const position = fields.filter((field) => serviceTypes.findIndex((candidate) => candidate.id === field.serviceId) < order).length;
    insert(position, remembered.current[type.id] ?? { serviceId: type.id, visitCount: 1, offeredRate: type.defaultRate }, { shouldFocus: false });
  };

  return (
    <fieldset aria-describedby={groupError ? errorId : undefined} className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-800">Services needed</legend>
      <p className="text-sm text-slate-600">Tick each service the patient needs, with the number of visits and what you offer per visit.</p>
      <div className="grid gap-3">
        {serviceTypes.map((type) => {
          const index = fields.findIndex((field) => field.serviceId === type.id);
          const rowErrors = index >= 0 ? errors?.[index] : undefined;
          return (
            <div key={type.id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/40">
              <CheckboxField
                label={type.name}
                hint={`Default rate ${formatRate(type.defaultRate)} per visit`}
                checked={index >= 0}
                error={rowErrors?.serviceId?.message}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              {index >= 0 && (
                // Keyed by position too: a row that moves re-registers its inputs under the new index.
                <div key={`${fields[index]?.id}-${index}`} className="mt-3 grid gap-3 sm:grid-cols-2 sm:pl-8">
                  <TextField
                    label={`${type.name} visits`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_VISITS_PER_SERVICE}
                    step={1}
                    error={rowErrors?.visitCount?.message}
                    {...register(`services.${index}.visitCount`, { valueAsNumber: true })}
                  />
                  <TextField
                    label={`${type.name} rate ($ per visit)`}
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    max={MAX_RATE}
                    step={0.01}
                    error={rowErrors?.offeredRate?.message}
                    {...register(`services.${index}.offeredRate`, { valueAsNumber: true })}
                  />
                </div>
              )}
            </div>
          );
        })}
      </div>
      {groupError && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {groupError}
        </p>
      )}
    </fieldset>
  );
}

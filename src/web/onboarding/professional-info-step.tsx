import { useFormContext } from 'react-hook-form';
import type { OnboardingState, ProfessionalInfoInput } from '../../domain/onboarding';
import { SelectField, TextField } from '../ui/field';
import { TimeZoneOptions } from '../ui/time-zone-options';
import { UsStateOptions } from '../ui/us-state-options';
import { professionalInfoLabels } from './onboarding-values';

/** Step 1: name, NPI and license. Reads the wizard's form through its context. */
export function ProfessionalInfoStep({ userType }: { userType: OnboardingState['userType'] }) {
  const { register, formState, getValues } = useFormContext<ProfessionalInfoInput>();
  const { errors } = formState;
  const labels = professionalInfoLabels(userType);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{labels.intro}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={labels.firstName} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label={labels.lastName} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField
        label={labels.npiNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        hint="10 digits, from the NPPES registry"
        error={errors.npiNumber?.message}
        {...register('npiNumber')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={labels.licenseNumber} autoComplete="off" error={errors.licenseNumber?.message} {...register('licenseNumber')} />
        <SelectField label={labels.licenseState} error={errors.licenseState?.message} {...register('licenseState')}>
          <UsStateOptions />
        </SelectField>
      </div>
      <TextField label={labels.licenseExpiry} type="date" error={errors.licenseExpiry?.message} {...register('licenseExpiry')} />
      <SelectField
        label={labels.timeZone}
        hint="Every visit time in CareRelay, and in our emails and texts, is shown in this zone."
        error={errors.timeZone?.message}
        {...register('timeZone')}
      >
        <TimeZoneOptions current={getValues('timeZone')} />
      </SelectField>
    </div>
  );
}

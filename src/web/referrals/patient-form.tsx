import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { patientInputSchema, type Patient, type PatientInput, type PatientResponse } from '../../domain/patients';
import { applyServerErrors } from '../api/forms';
import { useSavePatient } from '../api/referrals';
import { Button } from '../ui/button';
import { FormAlert, SelectField, TextAreaField, TextField } from '../ui/field';
import { UsStateOptions } from '../ui/us-state-options';

const fieldNames = Object.keys(patientInputSchema.shape);

const emptyPatient: PatientInput = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  addressLine: '',
  city: '',
  // An empty select shows "Select a state"; zod names the field when it is left so.
  state: '' as PatientInput['state'],
  zip: '',
  phone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  diagnosisCode: '',
  diagnosisDescription: '',
  referringPhysician: '',
  payer: '',
  careNotes: '',
};

// The details are someone else's: the browser must neither offer the user's own name and address
// nor remember the patient's for other forms.
const noAutofill = { autoComplete: 'off' } as const;

/** The agency's form for the patient's details (PHI), first time and later edits alike. */
export function PatientForm({
  referralId,
  saved,
  onSaved,
  onCancel,
}: {
  referralId: string;
  saved?: PatientResponse['patient'];
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const save = useSavePatient(referralId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PatientInput, unknown, Patient>({
    resolver: zodResolver(patientInputSchema),
    defaultValues: saved ? { ...saved, state: saved.state as PatientInput['state'] } : emptyPatient,
  });
  const { register, formState } = form;
  const { errors } = formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await save.mutateAsync(values);
      onSaved();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Patient details" className="space-y-5">
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" {...noAutofill} error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" {...noAutofill} error={errors.lastName?.message} {...register('lastName')} />
        <TextField
          label="Date of birth"
          type="date"
          max={new Date().toISOString().slice(0, 10)}
          {...noAutofill}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <TextField label="Phone" type="tel" inputMode="tel" {...noAutofill} error={errors.phone?.message} {...register('phone')} />
      </div>
      <TextField label="Street address" {...noAutofill} error={errors.addressLine?.message} {...register('addressLine')} />
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem_8rem]">
        <TextField label="City" {...noAutofill} error={errors.city?.message} {...register('city')} />
        <SelectField label="State" {...noAutofill} error={errors.state?.message} {...register('state')}>
          <UsStateOptions />
        </SelectField>
        <TextField label="ZIP code" inputMode="numeric" maxLength={5} {...noAutofill} error={errors.zip?.message} {...register('zip')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Emergency contact name" {...noAutofill} error={errors.emergencyContactName?.message} {...register('emergencyContactName')} />
        <TextField
          label="Emergency contact phone"
          type="tel"
          inputMode="tel"
          {...noAutofill}
          error={errors.emergencyContactPhone?.message}
          {...register('emergencyContactPhone')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
        <TextField
          label="ICD-10 code"
          hint="For example M17.11"
          spellCheck={false}
          {...noAutofill}
          error={errors.diagnosisCode?.message}
          {...register('diagnosisCode')}
        />
        <TextField label="Primary diagnosis" {...noAutofill} error={errors.diagnosisDescription?.message} {...register('diagnosisDescription')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Referring physician" {...noAutofill} error={errors.referringPhysician?.message} {...register('referringPhysician')} />
        <TextField label="Payer" hint="For example Medicare Part A" {...noAutofill} error={errors.payer?.message} {...register('payer')} />
      </div>
      <TextAreaField
        label="Care notes"
        optional
        rows={4}
        maxLength={4000}
        hint="Access, precautions, caregiver availability: anything the therapist needs for the first visit."
        error={errors.careNotes?.message}
        {...register('careNotes')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save patient details'}
        </Button>
      </div>
    </form>
  );
}

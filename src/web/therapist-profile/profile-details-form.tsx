import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  BIO_MAX,
  careSettings,
  languages,
  profileDetailsSchema,
  specialties,
  YEARS_EXPERIENCE_MAX,
  type ProfileDetails,
  type ProfileDetailsInput,
  type ProfileDetailsState,
} from '../../domain/therapist-profile';
import { applyServerErrors } from '../api/forms';
import { useSaveProfileDetails } from '../api/therapist-profile';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField, TextField } from '../ui/field';
import { ChoiceGroup } from './choice-group';

const fieldNames = ['yearsExperience', 'careSettings', 'specialties', 'languages', 'bio', 'dateOfBirth'] as const;

/** Saved values, or empty fields; an unknown year count stays empty rather than 0. */
function formValues(state: ProfileDetailsState): ProfileDetailsInput {
  return {
    yearsExperience: state.yearsExperience ?? Number.NaN,
    careSettings: state.careSettings,
    specialties: state.specialties,
    languages: state.languages,
    bio: state.bio,
    dateOfBirth: state.dateOfBirth ?? '',
  };
}

/**
 * "About you": what agencies read on the therapist's profile, and the date of birth for the
 * exclusion check. The same form is onboarding's last step and a section of settings; `actions`
 * places the caller's other buttons (Back) beside the submit button.
 */
export function ProfileDetailsForm({
  state,
  submitLabel,
  onSaved,
  actions,
}: {
  state: ProfileDetailsState;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
  actions?: ReactNode;
}) {
  const save = useSaveProfileDetails();
  const [failure, setFailure] = useState<string>();
  const form = useForm<ProfileDetailsInput, unknown, ProfileDetails>({ resolver: zodResolver(profileDetailsSchema), defaultValues: formValues(state) });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const bioLength = useWatch({ control: form.control, name: 'bio' }).length;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(formValues(saved));
      await onSaved();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="About you" className="space-y-6">
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-slate-600">Agencies see these on your profile when you answer their referrals.</p>
      <TextField
        label="Years of experience"
        type="number"
        inputMode="numeric"
        min={0}
        max={YEARS_EXPERIENCE_MAX}
        step={1}
        className="max-w-40"
        error={errors.yearsExperience?.message}
        {...register('yearsExperience', { valueAsNumber: true })}
      />
      <ChoiceGroup legend="Care settings" hint="Where you have treated patients" options={careSettings} error={errors.careSettings?.message} registration={register('careSettings')} />
      <ChoiceGroup legend="Specialties" hint="Optional" options={specialties} error={errors.specialties?.message} registration={register('specialties')} />
      <ChoiceGroup legend="Languages" hint="The languages you treat patients in" options={languages} error={errors.languages?.message} registration={register('languages')} />
      <TextAreaField
        label="Short bio"
        optional
        maxLength={BIO_MAX}
        hint={`${bioLength} of ${BIO_MAX} characters`}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        className="max-w-56"
        hint="Used only to check the federal OIG exclusion list, which matches by name and date of birth. Agencies never see it."
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      {/* One row at every width, so the visual order is the keyboard order. */}
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
        {actions ?? <span aria-hidden />}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  therapistSettingsSchema,
  type TherapistSettings,
  type TherapistSettingsInput,
  type TherapistSettingsState,
} from '../../domain/notification-preferences';
import { applyServerErrors } from '../api/forms';
import { useSaveTherapistSettings } from '../api/preferences';
import { Button } from '../ui/button';
import { FormAlert, SelectField, TextField } from '../ui/field';
import { TimeZoneOptions } from '../ui/time-zone-options';
import { CheckboxField } from './checkbox-field';

const fieldNames = [
  'availableForReferrals',
  'preferences.inApp',
  'preferences.email',
  'preferences.sms',
  'preferences.smsPhone',
  'preferences.quietHoursStart',
  'preferences.quietHoursEnd',
  'preferences.timeZone',
] as const;

/** The form edits strings: an unset phone or time is an empty field. */
function formValues(state: TherapistSettingsState): TherapistSettingsInput {
  const { preferences } = state;
  return {
    availableForReferrals: state.availableForReferrals,
    preferences: {
      ...preferences,
      smsPhone: preferences.smsPhone ?? '',
      quietHoursStart: preferences.quietHoursStart ?? '',
      quietHoursEnd: preferences.quietHoursEnd ?? '',
    },
  };
}

/** A card around a borderless fieldset: a fieldset's own border would cut through its legend. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

export function SettingsForm({ state }: { state: TherapistSettingsState }) {
  const save = useSaveTherapistSettings();
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const form = useForm<TherapistSettingsInput, unknown, TherapistSettings>({
    resolver: zodResolver(therapistSettingsSchema),
    defaultValues: formValues(state),
  });
  const { register, formState } = form;
  const errors = formState.errors.preferences;
  // A change after saving makes "Settings saved." untrue until the next save.
  const editing = { onChange: () => setSaved(false) };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSaved(false);
    try {
      const next = await save.mutateAsync(values);
      form.reset(formValues(next));
      setSaved(true);
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Referral alerts" className="space-y-6">
      {failure && <FormAlert>{failure}</FormAlert>}

      <Section title="New referrals">
        <CheckboxField
          role="switch"
          label="Available for new referrals"
          hint="When this is off, you are not matched to or alerted about new referrals. Referrals you already work on are not affected."
          error={formState.errors.availableForReferrals?.message}
          {...register('availableForReferrals', editing)}
        />
      </Section>

      <Section title="How we alert you">
        <CheckboxField
          label="In the app"
          checked
          disabled
          readOnly
          hint="Always on: your notification center lists every referral alert, so none is lost when email or text is off or held for quiet hours."
          error={errors?.inApp?.message}
        />
        <CheckboxField label="Email" hint="Sent to the address you sign in with." {...register('preferences.email', editing)} />
        <CheckboxField
          label="Text message (SMS)"
          hint="Standard message rates may apply."
          error={errors?.sms?.message}
          {...register('preferences.sms', editing)}
        />
        <TextField
          label="Mobile number for text alerts"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Needed only for text alerts. US numbers may leave out +1."
          error={errors?.smsPhone?.message}
          {...register('preferences.smsPhone', editing)}
        />
      </Section>

      <Section title="Quiet hours">
        <p className="text-sm text-slate-600">
          During quiet hours, email and text alerts wait until the quiet hours end. In-app alerts still arrive. Leave both times
          empty to be alerted at any hour.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Quiet from"
            type="time"
            error={errors?.quietHoursStart?.message}
            {...register('preferences.quietHoursStart', editing)}
          />
          <TextField
            label="Quiet until"
            type="time"
            error={errors?.quietHoursEnd?.message}
            {...register('preferences.quietHoursEnd', editing)}
          />
        </div>
        <SelectField
          label="Time zone"
          hint="Quiet hours are read on this clock, and every time in CareRelay is shown in it."
          error={errors?.timeZone?.message}
          {...register('preferences.timeZone', editing)}
        >
          <TimeZoneOptions current={state.preferences.timeZone} />
        </SelectField>
      </Section>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save settings'}
        </Button>
        <p role="status" className="flex items-center gap-2 text-sm text-green-800">
          {saved && (
            <>
              <CheckCircle2 className="size-4" aria-hidden />
              Settings saved.
            </>
          )}
        </p>
      </div>
    </form>
  );
}

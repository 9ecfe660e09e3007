import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import { serviceTypes } from '../../../domain/accounts';
import { earliestCurrentDate } from '../../../domain/onboarding';
import {
  offerWindows,
  referralInputSchema,
  urgencies,
  urgencyLabels,
  ZIP_PATTERN,
  type AgencyReferral,
  type ReferralFields,
  type ReferralInput,
} from '../../../domain/referrals';
import { referralDisciplines } from '../../../domain/service-eligibility';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { CheckboxField } from '../../preferences/checkbox-field';
import { Button } from '../../ui/button';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../ui/field';
import { RadioGroupField } from '../../ui/radio-group-field';
import { ServicesField } from './service-fields';
import { VisitFrequencyField } from './visit-frequency-field';

const disciplineOptions = referralDisciplines.map((code) => ({
  value: code,
  label: { PT: 'Physical therapy (PT)', OT: 'Occupational therapy (OT)', ST: 'Speech therapy (ST)' }[code],
}));
const urgencyOptions = urgencies.map((value) => ({ value, label: urgencyLabels[value] }));

/** Every field the server may name in its errors, as react-hook-form paths. */
const fieldNames: readonly string[] = [
  'discipline',
  'services',
  ...serviceTypes.flatMap((_, index) => [`services.${index}.serviceId`, `services.${index}.visitCount`, `services.${index}.offeredRate`]),
  'patientZip',
  'visitFrequency',
  'startBy',
  'orderedStartOfCare',
  'urgency',
  'clinicalSummary',
  'offerOpenHours',
  'instantConfirm',
];

export const newReferralDefaults: DefaultValues<ReferralInput> = {
  services: [],
  patientZip: '',
  visitFrequency: '',
  startBy: '',
  orderedStartOfCare: '',
  urgency: 'routine',
  clinicalSummary: '',
  offerOpenHours: 24,
  instantConfirm: false,
};

/** A saved referral as the form edits it. */
export function referralFormValues(referral: AgencyReferral): ReferralInput {
  return {
    discipline: referral.discipline,
    services: referral.services.map(({ serviceId, visitCount, offeredRate }) => ({ serviceId, visitCount, offeredRate })),
    patientZip: referral.place.zip,
    visitFrequency: referral.visitFrequency,
    startBy: referral.startBy.slice(0, 10),
    orderedStartOfCare: referral.orderedStartOfCare ?? '',
    urgency: referral.urgency,
    clinicalSummary: referral.clinicalSummary,
    offerOpenHours: referral.offerOpenHours,
    instantConfirm: referral.instantConfirm,
  };
}

export interface ReferralFormAction {
  label: string;
  busyLabel: string;
  /** Passed to onSave: whether this button also posts the referral. */
  post: boolean;
  variant?: 'primary' | 'secondary';
}

/**
 * The agency's referral form, for a new referral and for editing one. `onSave` throws the server's
 * ApiError, whose field errors land on their fields. The first action is the one Enter submits.
 */
export function ReferralForm({
  initial = newReferralDefaults,
  savedPlace,
  actions,
  onSave,
  onCancel,
  label,
}: {
  initial?: DefaultValues<ReferralInput>;
  /** The place the server found for the saved ZIP, shown while the ZIP is unchanged. */
  savedPlace?: AgencyReferral['place'];
  actions: readonly ReferralFormAction[];
  onSave: (values: ReferralFields, post: boolean) => Promise<unknown>;
  onCancel?: () => void;
  label: string;
}) {
  const form = useForm<ReferralInput, unknown, ReferralFields>({ resolver: zodResolver(referralInputSchema), defaultValues: initial });
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState<boolean>();
  const { register, formState } = form;
  const { errors } = formState;

  const save = (post: boolean) =>
    form.handleSubmit(async (values) => {
      setFailure(undefined);
      setPending(post);
      try {
        await onSave(values, post);
      } catch (error) {
        setFailure(applyServerErrors(error, form.setError, fieldNames));
        // The server's field error may sit far above the buttons: take the user to it.
        const first = error instanceof ApiError ? Object.keys(error.fields).find((name) => fieldNames.includes(name)) : undefined;
        if (first) form.setFocus(first as Path<ReferralInput>);
      } finally {
        setPending(undefined);
      }
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Which button was pressed; Enter in a field presses the first one.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action = actions.find((candidate) => candidate.label === submitter?.getAttribute('data-action')) ?? actions[0];
    void save(action?.post ?? false)(event);
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} aria-label={label} className="space-y-6">
        {failure && <FormAlert>{failure}</FormAlert>}

        <Section title="What the patient needs">
          <RadioGroupField legend="Discipline" options={disciplineOptions} columns={3} error={errors.discipline?.message} registration={register('discipline')} />
          <ServicesField />
        </Section>

        <Section title="Where and when">
          <ZipField savedPlace={savedPlace} />
          <VisitFrequencyField />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Start by" type="date" min={earliestCurrentDate()} error={errors.startBy?.message} {...register('startBy')} />
            <TextField
              label="Ordered start of care"
              optional
              hint="The date the physician ordered care to start. Without one, the evaluation is due within 48 hours of posting."
              type="date"
              min={earliestCurrentDate()}
              error={errors.orderedStartOfCare?.message}
              {...register('orderedStartOfCare')}
            />
          </div>
          <RadioGroupField legend="Urgency" options={urgencyOptions} columns={3} error={errors.urgency?.message} registration={register('urgency')} />
        </Section>

        <Section title="Clinical need">
          <IdentifierNotice />
          <TextAreaField
            label="Clinical summary"
            rows={6}
            hint="Diagnosis category, functional limits, goals and anything a therapist should know before accepting. Up to 2,000 characters."
            error={errors.clinicalSummary?.message}
            {...register('clinicalSummary')}
          />
        </Section>

        <Section title="The offer">
          <SelectField
            label="Offer stays open for"
            hint="Once posted, the referral expires after this long if no therapist is matched."
            error={errors.offerOpenHours?.message}
            {...register('offerOpenHours', { valueAsNumber: true })}
          >
            {offerWindows.map((window) => (
              <option key={window.hours} value={window.hours}>
                {window.label}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            label="Instant confirm"
            hint="The first therapist who accepts at your offered rates is matched automatically, without waiting for you. Requests for a higher rate still wait for your answer."
            error={errors.instantConfirm?.message}
            {...register('instantConfirm')}
          />
        </Section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          {onCancel && (
            <Button variant="ghost" onClick={onCancel} disabled={formState.isSubmitting}>
              Cancel
            </Button>
          )}
          {actions.map((action) => (
            <Button key={action.label} type="submit" data-action={action.label} variant={action.variant ?? 'primary'} disabled={formState.isSubmitting}>
              {pending === action.post && formState.isSubmitting ? action.busyLabel : action.label}
            </Button>
          ))}
        </div>
      </form>
    </FormProvider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The ZIP is the only place a referral shows before a match; its city and state come from the server. */
function ZipField({ savedPlace }: { savedPlace?: AgencyReferral['place'] }) {
  const { register, control, formState } = useFormContext<ReferralInput>();
  const zip = (useWatch({ control, name: 'patientZip' }) ?? '').trim();
  let hint = 'Only the ZIP code is shown to therapists before a match. Its city and state appear once the referral is saved.';
  if (savedPlace?.city && zip === savedPlace.zip) hint = `${savedPlace.city}, ${savedPlace.state}`;
  else if (ZIP_PATTERN.test(zip) && savedPlace) hint = 'The city and state for this ZIP code appear once you save.';
  return (
    <TextField
      label="Patient ZIP code"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      className="sm:max-w-48"
      hint={hint}
      error={formState.errors.patientZip?.message}
      {...register('patientZip')}
    />
  );
}

function IdentifierNotice() {
  return (
    <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold">Do not identify the patient here.</p>
        <p>
          Every therapist nearby reads this summary before anyone is matched. Leave out names, dates of birth, phone numbers,
          addresses and record numbers. You add the patient’s details after you confirm a therapist, and only that therapist sees
          them.
        </p>
      </div>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { onboardingSchema, type Onboarding, type OnboardingInput, type OnboardingState } from '../../domain/onboarding';
import { ApiError } from '../api/client';
import { applyServerErrors } from '../api/forms';
import { useSaveOnboarding } from '../api/onboarding';
import { safeNext, signedInPath } from '../mfa/safe-next';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/field';
import { AboutYouStep } from './about-you-step';
import { AgencyCompleteStep } from './agency-complete-step';
import { formDefaults, formFieldNames, isStep1Field } from './onboarding-values';
import { ProfessionalInfoStep } from './professional-info-step';
import { RatesStep } from './rates-step';
import { StepProgress } from './step-progress';

const stepTitles = { 1: 'Professional information', 2: 'Rates and service area', 3: 'About you' } as const;
type Step = 1 | 2 | 3;

/**
 * The two onboarding steps in one form, so Back keeps what was typed and one save sends it all.
 * Saved, it goes to the user's dashboard; or, when a sign-in brought the user here on the way to
 * `next`, on through /signed-in (which may still offer a second factor) to `next`. A therapist has a
 * third step, "About you" (what agencies read on their profile), saved on its own after the others.
 */
export function OnboardingWizard({ state }: { state: OnboardingState }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const dashboard = `/dashboard/${state.userType}`;
  const afterSave = params.has('next') ? signedInPath(safeNext(params.get('next'), dashboard)) : dashboard;
  const save = useSaveOnboarding();
  const [step, setStep] = useState<Step>(1);
  const steps = state.userType === 'therapist' ? 3 : 2;
  const [failure, setFailure] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const form = useForm<OnboardingInput, unknown, Onboarding>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: formDefaults(state),
  });
  const title = step === 2 && state.userType === 'agency' ? 'Profile complete' : stepTitles[step];

  // A new step replaces the fields the keyboard was on, so focus moves to the step's heading.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    setFailure(undefined);
    setStep(next);
  };

  const saveAndLeave = async (values: Onboarding) => {
    setFailure(undefined);
    try {
      await save.mutateAsync(values);
      if (steps === 3) goTo(3);
      else await navigate(afterSave);
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, formFieldNames));
      // A step-1 field the server refused is shown where it can be corrected.
      if (error instanceof ApiError && Object.keys(error.fields).some(isStep1Field)) setStep(1);
    }
  };

  // Both steps submit the whole form: step-2 fields start valid (saved or default values), so on
  // step 1 only its own fields can fail. Submitting (rather than validating fields one by one) makes
  // every later change re-check its field, so a corrected error disappears as soon as it is fixed.
  // Enter on step 1 therefore means "Continue", never "save with step 2 unseen".
  const onSubmit = form.handleSubmit(
    async (values) => {
      if (step === 1) goTo(2);
      else await saveAndLeave(values);
    },
    (errors) => {
      const onStep1 = Object.keys(errors).some(isStep1Field);
      // Invalid step-2 values (typed, then Back) are shown on step 2.
      if (!onStep1 && step === 1) goTo(2);
      if (onStep1 && step === 2) goTo(1);
    },
  );

  const { isSubmitting } = form.formState;
  const progress = <StepProgress step={step} steps={steps} title={title} />;
  const stepHeading = (
    <h2 id="onboarding-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
      {title}
    </h2>
  );
  if (step === 3) {
    return (
      <div className="space-y-6">
        {progress}
        {stepHeading}
        <AboutYouStep onBack={() => goTo(2)} onDone={() => navigate(afterSave)} />
      </div>
    );
  }
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="onboarding-step-title" className="space-y-6">
        {progress}
        {stepHeading}
        {failure && <FormAlert>{failure}</FormAlert>}
        {step === 1 && <ProfessionalInfoStep userType={state.userType} />}
        {step === 2 && (state.userType === 'therapist' ? <RatesStep services={state.services} /> : <AgencyCompleteStep companyName={state.companyName} />)}
        {/* One row at every width, so the visual order is the keyboard order. */}
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
          {step === 2 ? (
            <Button variant="secondary" onClick={() => goTo(1)} disabled={isSubmitting}>
              Back
            </Button>
          ) : (
            <span aria-hidden />
          )}
          <Button type="submit" disabled={isSubmitting}>
            {step === 1 ? 'Continue' : isSubmitting ? 'Saving…' : 'Save and continue'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

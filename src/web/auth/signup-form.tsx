import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { signupMessages, type Signup } from '../../domain/signup';
import { usStateCodes, usStates } from '../../domain/us-states';
import { signUp } from '../api/auth';
import { ApiError } from '../api/client';
import { applyServerErrors } from '../api/forms';
import { useLoginDialog } from '../layout/login-context';
import { Button } from '../ui/button';
import { FormAlert, SelectField, TextField } from '../ui/field';
import { AccountTypeField } from './account-type-field';
import { DisciplineField } from './discipline-field';
import { emptySignup, signupFieldNames, signupResolver, type SignupFormValues } from './signup-values';

type Failure = { message: string; offerLogin: boolean };

/** The sign-up form: validated with the server's schema; the server's field errors land on the fields. */
export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { openLogin } = useLoginDialog();
  const [failure, setFailure] = useState<Failure>();
  const form = useForm<SignupFormValues, unknown, Signup>({ resolver: signupResolver, defaultValues: emptySignup });
  const { register, handleSubmit, clearErrors, formState, control } = form;
  const userType = useWatch({ control, name: 'userType' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await signUp(values);
      onSignedUp(values.email);
    } catch (error) {
      setFailure(failureFor(error, form));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign up" className="space-y-6">
      {failure && (
        <FormAlert>
          <p>{failure.message}</p>
          {failure.offerLogin && (
            <Button variant="secondary" size="sm" className="mt-2" onClick={openLogin}>
              Log in
            </Button>
          )}
        </FormAlert>
      )}
      <AccountTypeField
        registration={register('userType', {
          // The other kind's messages no longer apply.
          onChange: () => {
            clearErrors();
            setFailure(undefined);
          },
        })}
      />
      {userType === 'agency' ? <AgencyFields form={form} /> : <TherapistFields form={form} />}
      <p className="text-sm text-slate-600">
        After you sign up we email you a link to choose your password. Our team reviews every new account before it can use the
        marketplace.
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing up…' : 'Sign Up'}
      </Button>
    </form>
  );
}

/** Field errors go onto the fields; a taken email also offers to log in; anything else is shown above the form. */
function failureFor(error: unknown, form: UseFormReturn<SignupFormValues, unknown, Signup>): Failure | undefined {
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    form.setError('email', { type: 'server', message: signupMessages.emailTaken });
    return { message: signupMessages.emailTaken, offerLogin: true };
  }
  if (!(error instanceof ApiError)) return { message: signupMessages.fallback, offerLogin: false };
  const message = applyServerErrors(error, form.setError, signupFieldNames);
  return message === undefined ? undefined : { message: message || signupMessages.fallback, offerLogin: false };
}

type FormProps = { form: UseFormReturn<SignupFormValues, unknown, Signup> };

function AgencyFields({ form: { register, formState } }: FormProps) {
  const { errors } = formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...register('companyName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <div className="sm:col-span-2">
        <TextField label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      </div>
      <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <SelectField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')}>
        <option value="">Select a state</option>
        {usStateCodes.map((code) => (
          <option key={code} value={code}>
            {usStates[code]}
          </option>
        ))}
      </SelectField>
      <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
    </div>
  );
}

function TherapistFields({ form: { register, formState } }: FormProps) {
  const { errors } = formState;
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
      </div>
      <DisciplineField registration={register('discipline')} error={errors.discipline?.message} />
    </div>
  );
}

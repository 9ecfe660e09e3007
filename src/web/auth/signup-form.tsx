import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { signupMessages, type Signup } from '../../domain/signup';
import { signUp } from '../api/auth';
import { ApiError } from '../api/client';
import { applyServerErrors } from '../api/forms';
import { useLoginDialog } from '../layout/login-context';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/field';
import { AgencyDetailsFields, TherapistDetailsFields } from './account-details-fields';
import { AccountTypeField } from './account-type-field';
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
        defaultValue={emptySignup.userType}
        registration={register('userType', {
          // The other kind's messages no longer apply.
          onChange: () => {
            clearErrors();
            setFailure(undefined);
          },
        })}
      />
      {userType === 'agency' ? (
        <AgencyDetailsFields withEmail register={register} errors={formState.errors} />
      ) : (
        <TherapistDetailsFields withEmail register={register} errors={formState.errors} />
      )}
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

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { accountTypeSchema, type AccountType } from '../../domain/account-type';
import { ApiError } from '../api/client';
import { applyServerErrors } from '../api/forms';
import { useChooseAccountType } from '../api/social';
import { AgencyDetailsFields, TherapistDetailsFields, type AccountDetailsValues } from '../auth/account-details-fields';
import { AccountTypeField } from '../auth/account-type-field';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/field';

/** The sign-up fields without email (the sign-in already proved it), both kinds held at once. */
interface Values extends AccountDetailsValues {
  userType: 'agency' | 'therapist';
}
const fieldNames = ['userType', 'phone', 'zip', 'companyName', 'address', 'city', 'state', 'firstName', 'lastName', 'discipline'] as const;

// The flat form type is wider than the union the schema reads; the schema decides what is valid.
const resolver = zodResolver(accountTypeSchema) as unknown as Resolver<Values, unknown, AccountType>;

/** "Sam Q. Social" → first "Sam Q.", last "Social": a guess from the provider's name, editable. */
function splitName(name: string) {
  const at = name.trim().lastIndexOf(' ');
  return at > 0 ? { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1).trim() } : { firstName: name.trim(), lastName: '' };
}

/**
 * Onboarding's first question for a user without an account record (after a social sign-in):
 * agency or therapist, with the same details sign-up asks. Saving creates the pending account and
 * the page moves on to the two onboarding steps.
 */
export function ChooseAccountType({ name }: { name: string }) {
  const choose = useChooseAccountType();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values, unknown, AccountType>({
    resolver,
    defaultValues: { userType: 'therapist', phone: '', zip: '', companyName: '', address: '', city: '', state: '', discipline: '', ...splitName(name) },
  });
  const { register, handleSubmit, clearErrors, formState, control } = form;
  const userType = useWatch({ control, name: 'userType' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await choose.mutateAsync(values);
    } catch (error) {
      // Already chosen (another tab): reloading the account shows the next step.
      if (error instanceof ApiError && error.code === 'CONFLICT') return;
      setFailure(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="account-type-title" className="space-y-6">
      <div className="space-y-1">
        <h2 id="account-type-title" className="text-xl font-semibold text-slate-900">
          Agency or therapist?
        </h2>
        <p className="text-slate-600">Tell us who you are. Our team reviews every new account before it can use the marketplace.</p>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <AccountTypeField
        registration={register('userType', {
          // The other kind's messages no longer apply.
          onChange: () => {
            clearErrors();
            setFailure(undefined);
          },
        })}
      />
      {userType === 'agency' ? (
        <AgencyDetailsFields register={register} errors={formState.errors} />
      ) : (
        <TherapistDetailsFields register={register} errors={formState.errors} />
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Continue'}
      </Button>
    </form>
  );
}

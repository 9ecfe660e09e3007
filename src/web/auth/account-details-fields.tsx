import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../ui/field';
import { UsStateOptions } from '../ui/us-state-options';
import { DisciplineField } from './discipline-field';
import type { SignupFormValues } from './signup-values';

/** The details both account kinds are asked for, held flat so switching kinds keeps what was typed. */
export type AccountDetailsValues = Omit<SignupFormValues, 'userType' | 'email'>;

/** Sign-up also asks for the email; after a social sign-in the provider has already proved it. */
type AccountDetailsWithEmailValues = Omit<SignupFormValues, 'userType'>;

/**
 * The part of react-hook-form's `register` these fields call. A form's own `register` fits it as long
 * as its values hold these names, which `UseFormRegister<AccountDetailsValues>` would not allow: its
 * options make it invariant in the form's value type.
 */
type RegisterFields<TName extends string> = <TField extends TName>(name: TField) => UseFormRegisterReturn<TField>;

type DetailsProps = { register: RegisterFields<keyof AccountDetailsValues>; errors: FieldErrors<AccountDetailsValues> };

type AccountDetailsProps =
  | { withEmail: true; register: RegisterFields<keyof AccountDetailsWithEmailValues>; errors: FieldErrors<AccountDetailsWithEmailValues> }
  | ({ withEmail?: false } & DetailsProps);

/** The Email field, only when the form asks for it. */
function EmailField(props: AccountDetailsProps) {
  if (!props.withEmail) return null;
  return <TextField label="Email" type="email" autoComplete="email" error={props.errors.email?.message} {...props.register('email')} />;
}

/** A healthcare agency's details: company, contact and address. */
export function AgencyDetailsFields(props: AccountDetailsProps) {
  const { register, errors }: DetailsProps = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...register('companyName')} />
      </div>
      <EmailField {...props} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <div className="sm:col-span-2">
        <TextField label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      </div>
      <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <SelectField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')}>
        <UsStateOptions />
      </SelectField>
      <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
    </div>
  );
}

/** A therapist's details: name, contact, ZIP and discipline. */
export function TherapistDetailsFields(props: AccountDetailsProps) {
  const { register, errors }: DetailsProps = props;
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        <EmailField {...props} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
      </div>
      <DisciplineField registration={register('discipline')} error={errors.discipline?.message} />
    </div>
  );
}

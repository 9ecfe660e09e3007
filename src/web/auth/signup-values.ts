import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema, type Signup } from '../../domain/signup';

/**
 * The sign-up form holds the fields of both account kinds at once, so switching between agency and
 * therapist keeps what was typed in the shared fields (email, phone, ZIP). The schema is a
 * discriminated union that keeps only the chosen kind's fields.
 */
export interface SignupFormValues {
  userType: 'agency' | 'therapist';
  email: string;
  phone: string;
  zip: string;
  companyName: string;
  address: string;
  city: string;
  state: string;
  firstName: string;
  lastName: string;
  discipline: string;
}

export const signupFieldNames = [
  'userType',
  'email',
  'phone',
  'zip',
  'companyName',
  'address',
  'city',
  'state',
  'firstName',
  'lastName',
  'discipline',
] as const satisfies ReadonlyArray<keyof SignupFormValues>;

export const emptySignup: SignupFormValues = {
  userType: 'agency',
  email: '',
  phone: '',
  zip: '',
  companyName: '',
  address: '',
  city: '',
  state: '',
  firstName: '',
  lastName: '',
  discipline: '',
};

// The flat form type is wider than the union the schema reads; the schema itself decides what is valid.
export const signupResolver = zodResolver(signupSchema) as unknown as Resolver<SignupFormValues, unknown, Signup>;

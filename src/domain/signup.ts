import { z } from 'zod';
import { disciplines } from './accounts';
import { usStateCodes } from './us-states';

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const phone = required('Phone is required', 40).refine((value) => value.replace(/\D/g, '').length >= 10, {
  message: 'Please enter a valid phone number',
});

/** Format only; whether the ZIP exists (and lies in the state) is checked on the server. */
const zip = required('ZIP code is required', 10).refine((value) => /^\d{5}(-\d{4})?$/.test(value), {
  message: 'Please enter a valid 5-digit ZIP code',
});

export const agencySignupSchema = z.object({
  userType: z.literal('agency'),
  email,
  companyName: required('Company name is required'),
  phone,
  address: required('Address is required'),
  city: required('City is required', 100),
  state: z.enum(usStateCodes, { error: 'State is required' }),
  zip,
});

export const therapistSignupSchema = z.object({
  userType: z.literal('therapist'),
  email,
  firstName: required('First name is required', 100),
  lastName: required('Last name is required', 100),
  phone,
  zip,
  // Exactly one discipline (the seed's list holding one value).
  discipline: z.enum(disciplines, { error: 'Please select a discipline' }),
});

export const signupSchema = z.discriminatedUnion('userType', [agencySignupSchema, therapistSignupSchema], {
  error: 'Please choose agency or therapist',
});
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

/** Seed section 8, word for word. */
export const signupMessages = {
  emailTaken: 'An account with this email already exists. Please log in or use a different email.',
  noUserId: 'Failed to create user account',
  accountSaveFailed: 'Failed to save account information',
  therapistSaveFailed: 'Failed to save therapist profile information',
  agencySaveFailed: 'Failed to save agency profile information',
  managerSaveFailed: 'Failed to save manager profile information',
  fallback: 'An error occurred during sign up',
} as const;

import { z } from 'zod';
import { agencySignupSchema, therapistSignupSchema } from './signup';

/**
 * After a social sign-in the user has an identity but no account record: they choose agency or
 * therapist and give the sign-up details. The email is the one their provider vouched for, so it is
 * not asked again.
 */
export const accountTypeSchema = z.discriminatedUnion(
  'userType',
  [agencySignupSchema.omit({ email: true }), therapistSignupSchema.omit({ email: true })],
  { error: 'Please choose agency or therapist' },
);
export type AccountTypeInput = z.input<typeof accountTypeSchema>;
export type AccountType = z.output<typeof accountTypeSchema>;

export const accountTypeMessages = {
  alreadyChosen: 'Your account type is already set.',
} as const;

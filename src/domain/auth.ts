import { z } from 'zod';

export { authMessages, resetMessages } from './auth-messages';

/** The login dialog's sign-in form (seed section 5). */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The login dialog's forgot-password form. */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/**
 * The /reset-password form (seed section 5). An empty password gets the length message too: it is
 * the one rule the user has to meet. The 128 limit is the server's (better-auth maxPasswordLength).
 */
export const resetPasswordSchema = z
  .object({
    newPassword: z.string().min(6, 'Password must be at least 6 characters').max(128, 'Password must be at most 128 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

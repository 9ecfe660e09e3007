import { z } from 'zod';

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

/** Seed section 8, word for word. */
export const authMessages = {
  invalidCredentials: 'Invalid email or password. If you signed up recently, you may need to reset your password.',
  signInFailed: 'Failed to sign in',
  resetEmailFailed: 'Failed to send reset email',
} as const;

// Apart from the form schemas in auth.ts, so that what needs only the words (the signed-in area's
// first script) does not bring zod with it.

/** Sign-in and forgot-password failures (seed section 8, word for word). */
export const authMessages = {
  invalidCredentials: 'Invalid email or password. If you signed up recently, you may need to reset your password.',
  signInFailed: 'Failed to sign in',
  resetEmailFailed: 'Failed to send reset email',
} as const;

/** The /reset-password page's failures (seed section 8, word for word). */
export const resetMessages = {
  missingToken: 'Invalid or missing reset tokens. Please request a new password reset.',
  invalidToken: 'Invalid reset link. Please request a new password reset.',
  failed: 'Failed to reset password',
} as const;

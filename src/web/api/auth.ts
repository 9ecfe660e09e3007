import { authMessages, type ForgotPasswordInput, type SignInInput } from '../../domain/auth';
import { api, ApiError } from './client';

/** The message the login dialog shows for a failed call: the server's words, or the seed's fallback. */
function messageFor(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'INVALID_CREDENTIALS' || error.status === 401) return authMessages.invalidCredentials;
  // A missing route or an unreachable server has no message meant for a person.
  if (error.status === 404 || error.status === 0 || error.status >= 500) return fallback;
  return error.message || fallback;
}

export async function signIn(input: SignInInput): Promise<void> {
  try {
    await api('/api/auth/sign-in/email', { body: input });
  } catch (error) {
    throw new Error(messageFor(error, authMessages.signInFailed));
  }
}

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  try {
    await api('/api/auth/request-password-reset', { body: { email: input.email, redirectTo: '/reset-password' } });
  } catch (error) {
    throw new Error(messageFor(error, authMessages.resetEmailFailed));
  }
}

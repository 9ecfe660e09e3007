import { useQuery } from '@tanstack/react-query';
import type { AccountStatus, UserType } from '../../domain/accounts';
import type { ForgotPasswordInput, SignInInput } from '../../domain/auth';
import { authMessages } from '../../domain/auth-messages';
import type { Signup } from '../../domain/signup';
import { api, ApiError, readResponse } from './client';
import { takeEarlyMe } from './early-me';

/** GET /api/me: who is signed in, and their account record (null until onboarding creates it). */
export interface Me {
  user: { id: string; email: string; name: string };
  account: { userType: UserType; status: AccountStatus } | null;
  /** aal1 while nextLevel is aal2: the user must pass a second factor (at /verify) first. */
  aal: 'aal1' | 'aal2';
  nextLevel: 'aal1' | 'aal2';
  /** The IANA zone every time is shown in (the default until the user chooses one). */
  timeZone: string;
  /** False until the user has chosen a zone: the dashboard asks, once. */
  timeZoneChosen: boolean;
}

export const authKeys = {
  me: ['me'] as const,
};

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

/** Ends the session on the server; the caller leaves the signed-in area afterwards. */
export async function signOut(): Promise<void> {
  await api('/api/auth/sign-out', { body: {} });
}

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  try {
    await api('/api/auth/request-password-reset', { body: { email: input.email, redirectTo: '/reset-password' } });
  } catch (error) {
    throw new Error(messageFor(error, authMessages.resetEmailFailed));
  }
}

/** Sets a new password with a mailed token. Throws the ApiError so the page can tell INVALID_TOKEN from a field error. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await api('/api/auth/reset-password', { body: input });
}

/** Whether a set- or reset-password link can still be used (unused and not expired). */
export async function checkResetToken(token: string): Promise<boolean> {
  const { valid } = await api<{ valid: boolean }>('/api/accounts/reset-token/check', { body: { token } });
  return valid;
}

/** The reset page asks before showing its form, so nobody types a password for a dead link. */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/accounts/signup. Throws the ApiError so the form can put field errors on its fields. */
export async function signUp(input: Signup): Promise<void> {
  await api<{ status: 'pending' }>('/api/accounts/signup', { body: input });
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The signed-in user. Loading it is user activity (it refreshes the idle timer on the server), which
 * is what a page load should do; background polling must send `x-carerelay-background: 1` instead.
 */
/** GET /api/me. */
export function fetchMe(): Promise<Me> {
  const early = takeEarlyMe();
  return early ? readResponse<Me>(early) : api<Me>('/api/me');
}

export function useMe() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: fetchMe,
    // Fetched again whenever a page that needs it mounts: onboarding creates the account record and
    // a manager may approve it meanwhile, and routing decisions must not rest on an old answer.
    staleTime: 0,
    // No session will not appear on a second try.
    retry: (failures, error) => !isUnauthenticated(error) && failures < 1,
  });
}

/** The idle timer's "I am still here": a request that refreshes the session on the server. */
export function keepSessionAlive(): Promise<Me> {
  return fetchMe();
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountType } from '../../domain/account-type';
import { onboardingPath, signedInPath } from '../mfa/safe-next';
import { authKeys } from './auth';
import { api } from './client';
import { onboardingKeys } from './onboarding';

/**
 * Starts a social sign-in: the server keeps the PKCE verifier and state and answers the provider's
 * authorization URL, which the browser then visits. New users come back to /onboarding, known
 * ones to /signed-in, both going on to `next` (a page of the signed-in area); refusals come to the
 * home page with `socialError`, the login dialog open and `next` kept.
 */
export async function startSocialSignIn(providerId: string, next: string): Promise<string> {
  const { url } = await api<{ url: string }>('/api/auth/sign-in/social', {
    body: {
      provider: providerId,
      callbackURL: signedInPath(next),
      newUserCallbackURL: onboardingPath(next),
      errorCallbackURL: `/?socialError=1&next=${encodeURIComponent(next)}`,
      // The page navigates itself; the JSON answer is enough.
      disableRedirect: true,
    },
  });
  return url;
}

/** POST /api/onboarding/account-type, then the account and onboarding are loaded afresh. */
export function useChooseAccountType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountType) => api<{ userType: AccountType['userType']; status: 'pending' }>('/api/onboarding/account-type', { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me }),
        queryClient.invalidateQueries({ queryKey: onboardingKeys.state }),
      ]);
    },
  });
}

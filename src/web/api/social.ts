import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountType } from '../../domain/account-type';
import { authKeys } from './auth';
import { api } from './client';
import { onboardingKeys } from './onboarding';

/**
 * Starts a social sign-in: the server keeps the PKCE verifier and state and answers the provider's
 * authorization URL, which the browser then visits. New users come back to /onboarding, known
 * ones to /dashboard, refusals to the home page with `socialError`.
 */
export async function startSocialSignIn(providerId: string): Promise<string> {
  const { url } = await api<{ url: string }>('/api/auth/sign-in/social', {
    body: {
      provider: providerId,
      callbackURL: '/dashboard',
      newUserCallbackURL: '/onboarding',
      errorCallbackURL: '/?socialError=1',
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

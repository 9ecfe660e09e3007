import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Onboarding, OnboardingState } from '../../domain/onboarding';
import { authKeys } from './auth';
import { api, ApiError } from './client';

export const onboardingKeys = {
  state: ['onboarding'] as const,
};

/** GET /api/onboarding: saved details (or defaults) to prefill the form. Waits until the user is known. */
export function useOnboarding(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.state,
    queryFn: () => api<OnboardingState>('/api/onboarding'),
    enabled,
    // 401, 403 and 409 describe the user, not a glitch: asking again would not change them.
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}

/** PUT /api/onboarding. Throws the ApiError so the form can put field errors on its fields. */
export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Onboarding) => api<OnboardingState>('/api/onboarding', { method: 'PUT', body }),
    onSuccess: async (state) => {
      queryClient.setQueryData(onboardingKeys.state, state);
      // The time zone chosen here is the one every page reads from /api/me.
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

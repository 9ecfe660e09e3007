import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TherapistSettings, TherapistSettingsState } from '../../domain/notification-preferences';
import { authKeys, type Me } from './auth';
import { api, ApiError } from './client';

export const preferencesKeys = {
  therapistSettings: ['therapist-settings'] as const,
};

/** GET /api/therapist/settings: availability and alert preferences (defaults when none are saved). */
export function useTherapistSettings() {
  return useQuery({
    queryKey: preferencesKeys.therapistSettings,
    queryFn: () => api<TherapistSettingsState>('/api/therapist/settings'),
    // 401 and 403 describe the user, not a glitch: asking again would not change them.
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}

/** PUT /api/therapist/settings. Throws the ApiError so the form can put field errors on its fields. */
export function useSaveTherapistSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TherapistSettings) => api<TherapistSettingsState>('/api/therapist/settings', { method: 'PUT', body }),
    onSuccess: (state) => {
      queryClient.setQueryData(preferencesKeys.therapistSettings, state);
      // The zone saved here is the account's one zone, which every page reads from /api/me.
      queryClient.setQueryData<Me>(authKeys.me, (me) => (me ? { ...me, timeZone: state.preferences.timeZone, timeZoneChosen: true } : me));
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetails, ProfileDetailsState, TherapistProfile } from '../../domain/therapist-profile';
import { api, ApiError } from './client';

export const therapistProfileKeys = {
  profile: (id: string) => ['therapist-profile', id] as const,
  details: ['therapist', 'profile-details'] as const,
};

// 4xx describe the caller or the id (not theirs, no such therapist): asking again would not change them.
const retryUnlessRefused = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/** GET /api/therapists/:id/profile: what an agency (or a manager) reads of a therapist. */
export function useTherapistProfile(id: string) {
  return useQuery({
    queryKey: therapistProfileKeys.profile(id),
    queryFn: ({ signal }) => api<TherapistProfile>(`/api/therapists/${encodeURIComponent(id)}/profile`, { signal }),
    retry: retryUnlessRefused,
  });
}

/** GET /api/therapist/profile-details: the signed-in therapist's own details. */
export function useProfileDetails() {
  return useQuery({
    queryKey: therapistProfileKeys.details,
    queryFn: ({ signal }) => api<ProfileDetailsState>('/api/therapist/profile-details', { signal }),
    retry: retryUnlessRefused,
  });
}

/** PUT /api/therapist/profile-details. Throws the ApiError so the form can put field errors on its fields. */
export function useSaveProfileDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileDetails) => api<ProfileDetailsState>('/api/therapist/profile-details', { method: 'PUT', body }),
    onSuccess: (state) => queryClient.setQueryData(therapistProfileKeys.details, state),
  });
}

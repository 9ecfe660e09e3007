import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyRecord } from '../../domain/agency-reliability';
import type { RatingInput, ReferralRatings } from '../../domain/ratings';
import { api, ApiError } from './client';
import { dashboardKeys } from './dashboards';

/**
 * Ratings between a referral's two parties (/api/referrals/:id/ratings) and the agency's record
 * therapists read (/api/therapist/referrals/:id/agency-record, /api/agency/record).
 */

export const ratingKeys = {
  all: ['ratings'] as const,
  referral: (id: string) => ['ratings', 'referral', id] as const,
  agencyRecord: (referralId: string) => ['ratings', 'agency-record', referralId] as const,
  ownRecord: ['ratings', 'own-record'] as const,
};

const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/** What the caller gave and received on the referral, and the period they can rate now. */
export function useReferralRatings(referralId: string, enabled = true) {
  return useQuery({ queryKey: ratingKeys.referral(referralId), queryFn: () => api<ReferralRatings>(`/api/referrals/${referralId}/ratings`), retry, enabled });
}

/** POST /api/referrals/:id/ratings: 409 CONFLICT when already rated; 400 naming `score`, `comment` or `period`. */
export function useRateReferralParty(referralId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingInput) => api<ReferralRatings>(`/api/referrals/${referralId}/ratings`, { body }),
    onSuccess: (ratings) => {
      queryClient.setQueryData(ratingKeys.referral(referralId), ratings);
      // Both sides rated: the agency's rating on the same page may have changed.
      void queryClient.invalidateQueries({ queryKey: ratingKeys.all });
      // "Needs your attention" loses its line.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.attention });
    },
  });
}

/** The rating and reliability of a referral's agency, for a therapist it was offered or matched to. */
export function useReferralAgencyRecord(referralId: string) {
  return useQuery({ queryKey: ratingKeys.agencyRecord(referralId), queryFn: () => api<AgencyRecord>(`/api/therapist/referrals/${referralId}/agency-record`), retry });
}

/** The agency's own rating and reliability, as therapists see them. */
export function useOwnAgencyRecord() {
  return useQuery({ queryKey: ratingKeys.ownRecord, queryFn: () => api<AgencyRecord>('/api/agency/record'), retry });
}

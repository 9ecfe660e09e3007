import { useQuery } from '@tanstack/react-query';
import type { ReferralCareClocks } from '../../domain/care-clock-view';
import type { CareDeadlines } from '../../domain/care-deadlines';
import { api, ApiError } from './client';
import { visitKeys } from './visits';

/**
 * GET /api/referrals/:id/care-clocks and GET /api/care-clocks. Kept under the visits' keys: every
 * visit change (booked, moved, cancelled) refreshes the clocks computed from them.
 */
export const careClockKeys = {
  referral: (id: string) => [...visitKeys.all, 'care-clocks', id] as const,
  mine: [...visitKeys.all, 'care-deadlines'] as const,
};

const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

export function useCareClocks(referralId: string) {
  return useQuery({ queryKey: careClockKeys.referral(referralId), queryFn: () => api<ReferralCareClocks>(`/api/referrals/${referralId}/care-clocks`), retry });
}

/** The caller's care deadlines across their referrals, for the Schedule. */
export function useCareDeadlines() {
  return useQuery({ queryKey: careClockKeys.mine, queryFn: () => api<CareDeadlines>('/api/care-clocks'), retry });
}

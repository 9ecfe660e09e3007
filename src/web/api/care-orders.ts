import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralOrders } from '../../domain/care-order-view';
import type { DecideOrdersInput, ProposeOrdersInput } from '../../domain/care-orders';
import { api, ApiError } from './client';
import { visitKeys } from './visits';

/**
 * GET/POST /api/referrals/:id/orders. Kept under the visits' keys: a decision changes the care
 * clocks (the discharge clock) and what may be booked, so every visit view refreshes with it.
 */
export const orderKeys = { referral: (id: string) => [...visitKeys.all, 'orders', id] as const };

const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

export function useReferralOrders(referralId: string) {
  return useQuery({ queryKey: orderKeys.referral(referralId), queryFn: () => api<ReferralOrders>(`/api/referrals/${referralId}/orders`), retry });
}

function useOrdersMutation<I>(referralId: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => api<ReferralOrders>(`/api/referrals/${referralId}/${path}`, { method: 'POST', body }),
    onSuccess: (orders) => {
      queryClient.setQueryData(orderKeys.referral(referralId), orders);
      return queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}

export const useProposeOrders = (referralId: string) => useOrdersMutation<ProposeOrdersInput>(referralId, 'orders');
export const useDecideOrders = (referralId: string) => useOrdersMutation<DecideOrdersInput>(referralId, 'orders/decide');

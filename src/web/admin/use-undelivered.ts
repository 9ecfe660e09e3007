import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetriedUndelivered, UndeliveredList } from '../../domain/undelivered';
import { api } from '../api/client';
import { dashboardKeys } from '../api/dashboards';

const undeliveredKey = ['admin', 'undelivered'] as const;

/** Messages the server gave up on and no manager has retried yet, newest first. */
export function useUndelivered() {
  return useQuery({
    queryKey: undeliveredKey,
    queryFn: ({ signal }) => api<UndeliveredList>('/api/admin/undelivered', { signal }),
    // A 401/403 will not change by asking again.
    retry: false,
  });
}

/** Queues one again; the list and the dashboard's count are fetched again either way (another manager may have retried it). */
export function useRetryUndelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RetriedUndelivered>(`/api/admin/undelivered/${encodeURIComponent(id)}/retry`, { body: {} }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: undeliveredKey }), queryClient.invalidateQueries({ queryKey: dashboardKeys.admin })]);
    },
  });
}

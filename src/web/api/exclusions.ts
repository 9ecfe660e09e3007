import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExclusionsOverview } from '../../domain/primary-source-checks';
import { api } from './client';

const exclusionsKey = ['admin', 'exclusions'] as const;

/**
 * The exclusion list (LEIE) for managers: the latest imports and the suspended therapists. Polled
 * while an import or the checks after it are queued or running, so a new suspension shows without a reload.
 */
export function useExclusions() {
  return useQuery({
    queryKey: exclusionsKey,
    queryFn: ({ signal }) => api<ExclusionsOverview>('/api/admin/exclusions', { signal }),
    refetchInterval: (query) => (query.state.data?.importQueued || query.state.data?.checking ? 2000 : false),
    // A 401/403 will not change by asking again.
    retry: false,
  });
}

function useExclusionsMutation<V>(request: (variables: V) => Promise<ExclusionsOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (overview) => queryClient.setQueryData(exclusionsKey, overview),
    // Another manager may have acted first (409): show the page as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: exclusionsKey }),
  });
}

/** "Import now": queues an import of the list. */
export function useImportLeie() {
  return useExclusionsMutation(() => api<ExclusionsOverview>('/api/admin/exclusions/import', { body: {} }));
}

/** "Lift suspension" with the manager's reason. */
export function useLiftSuspension() {
  return useExclusionsMutation(({ therapistId, reason }: { therapistId: string; reason: string }) =>
    api<ExclusionsOverview>(`/api/admin/exclusions/suspensions/${encodeURIComponent(therapistId)}/lift`, { body: { reason } }),
  );
}

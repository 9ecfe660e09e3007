import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CredentialChangeItem, CredentialChangeList } from '../../domain/credential-changes';
import { api } from '../api/client';

const credentialChangesKey = ['admin', 'credential-changes'] as const;

/** Credentials changed after approval and awaiting review, oldest first. */
export function useCredentialChanges() {
  return useQuery({
    queryKey: credentialChangesKey,
    queryFn: ({ signal }) => api<CredentialChangeList>('/api/admin/credential-changes', { signal }),
    // A 401/403 will not change by asking again.
    retry: false,
  });
}

/** Approves, or rejects with a reason; either way the list is fetched again (another manager may have acted). */
export function useReviewCredentialChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      api<CredentialChangeItem>(`/api/admin/credential-changes/${encodeURIComponent(id)}/${decision}`, {
        body: decision === 'reject' ? { reason } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialChangesKey }),
  });
}

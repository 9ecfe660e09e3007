import { useQuery } from '@tanstack/react-query';
import type { ExpiringCredentialList } from '../../domain/credential-expiry';
import { api } from './client';

export const expiringCredentialsKey = ['admin', 'expiring-credentials'] as const;

/** The managers' "Expiring soon" list: credentials expired or expiring within 60 days, soonest first. */
export function useExpiringCredentials() {
  return useQuery({
    queryKey: expiringCredentialsKey,
    queryFn: ({ signal }) => api<ExpiringCredentialList>('/api/admin/expiring-credentials', { signal }),
    // A 401/403 will not change by asking again.
    retry: false,
  });
}

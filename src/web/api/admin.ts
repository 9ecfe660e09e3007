import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountStatus, UserType } from '../../domain/accounts';
import type { InvitedManager, InviteManager, SignupItem, SignupPage } from '../../domain/admin';
import { api } from './client';

export interface SignupFilters {
  status?: AccountStatus;
  type?: UserType;
  q?: string;
  page: number;
  pageSize?: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  signups: () => [...adminKeys.all, 'signups'] as const,
  signupPage: (filters: SignupFilters) => [...adminKeys.signups(), filters] as const,
};

function signupsPath(filters: SignupFilters) {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.q) params.set('q', filters.q);
  params.set('page', String(filters.page));
  if (filters.pageSize) params.set('pageSize', String(filters.pageSize));
  return `/api/admin/signups?${params.toString()}`;
}

/** One page of the 'User Signups' list; the previous page stays on screen while the next loads. */
export function useSignups(filters: SignupFilters) {
  return useQuery({
    queryKey: adminKeys.signupPage(filters),
    queryFn: ({ signal }) => api<SignupPage>(signupsPath(filters), { signal }),
    placeholderData: keepPreviousData,
    // A 401/403 will not change by asking again.
    retry: false,
  });
}

/**
 * Shows the reviewed account's new status in every cached page at once, and marks the pages stale
 * so they are fetched again when next shown (a filtered page may no longer include it).
 */
function applyReviewed(queryClient: QueryClient, item: SignupItem) {
  queryClient.setQueriesData<SignupPage>({ queryKey: adminKeys.signups() }, (page) =>
    page ? { ...page, items: page.items.map((existing) => (existing.id === item.id ? item : existing)) } : page,
  );
  void queryClient.invalidateQueries({ queryKey: adminKeys.signups(), refetchType: 'none' });
}

export function useApproveSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<SignupItem>(`/api/admin/signups/${encodeURIComponent(userId)}/approve`, { body: {} }),
    onSuccess: (item) => applyReviewed(queryClient, item),
    // Usually another manager reviewed it first (409): show the list as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.signups() }),
  });
}

export function useRejectSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api<SignupItem>(`/api/admin/signups/${encodeURIComponent(userId)}/reject`, { body: { reason } }),
    onSuccess: (item) => applyReviewed(queryClient, item),
  });
}

export function useInviteManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteManager) => api<InvitedManager>('/api/admin/managers', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.signups() }),
  });
}

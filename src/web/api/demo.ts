import { useMutation, useQuery } from '@tanstack/react-query';
import type { AccountStatus, UserType } from '../../domain/accounts';
import { api, ApiError } from './client';

/** A demo person the development server offers to sign in as (GET /api/dev/demo-people). */
export interface DemoPerson {
  email: string;
  name: string;
  userType: UserType;
  status: AccountStatus;
}

/**
 * The demo people, or null where the server has no such route: in production, or when the page
 * is not opened from the server's own machine. The web build is the same everywhere, so asking is
 * how it knows.
 */
export function useDemoPeople() {
  return useQuery({
    queryKey: ['dev', 'demo-people'],
    queryFn: async () => {
      try {
        return (await api<{ people: DemoPerson[] }>('/api/dev/demo-people')).people;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/dev/demo-sign-in: a session as that person, past their second factor where they have one. */
export function useDemoSignIn() {
  return useMutation({ mutationFn: (email: string) => api<{ aal: 'aal1' | 'aal2' }>('/api/dev/demo-sign-in', { body: { email } }) });
}

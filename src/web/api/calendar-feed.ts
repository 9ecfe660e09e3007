import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '../../domain/calendar-feed';
import { api, ApiError } from './client';

export const calendarFeedKeys = {
  status: ['calendar-feed'] as const,
};

const PATH = '/api/therapist/calendar-feed';

/** GET /api/therapist/calendar-feed: whether the therapist has a live feed link (never the link itself). */
export function useCalendarFeedStatus() {
  return useQuery({
    queryKey: calendarFeedKeys.status,
    queryFn: () => api<CalendarFeedStatus>(PATH),
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}

/** POST: a new link, revoking the previous one. Its URL is in this answer only; the caller shows it. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedCalendarFeed>(PATH, { method: 'POST' }),
    onSuccess: ({ url: _url, ...status }) => queryClient.setQueryData(calendarFeedKeys.status, status),
  });
}

/** DELETE: revokes the live link; calendar apps reading it get nothing from then on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedStatus>(PATH, { method: 'DELETE' }),
    onSuccess: (status) => queryClient.setQueryData(calendarFeedKeys.status, status),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys, type Me } from './auth';
import { api } from './client';

type UserTimeZone = Pick<Me, 'timeZone' | 'timeZoneChosen'>;

/**
 * PUT /api/me/time-zone. On success the cached /api/me takes the new zone, so every time on the
 * page is read on the new clock at once. Throws the ApiError so a form can show it on its field.
 */
export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => api<UserTimeZone>('/api/me/time-zone', { method: 'PUT', body: { timeZone } }),
    onSuccess: (zone) => queryClient.setQueryData<Me>(authKeys.me, (me) => (me ? { ...me, ...zone } : me)),
  });
}

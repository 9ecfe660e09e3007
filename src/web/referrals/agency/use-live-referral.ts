import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AgencyReferral } from '../../../domain/referrals';
import { api } from '../../api/client';
import { notificationKeys, type NotificationList } from '../../api/notifications';
import { referralKeys } from '../../api/referrals';

const newestId = (list: NotificationList | undefined) => list?.items.reduce((max, item) => Math.max(max, item.id), 0);

/**
 * Reloads the referral when a notification about it arrives over the header's event stream (a
 * therapist responded, a counter was answered), so responses appear without a reload. It listens
 * to the notification cache rather than polling, and loads as a background request so an open page
 * does not keep an idle session alive.
 */
export function useLiveReferral(id: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let seen = newestId(queryClient.getQueryData<NotificationList>(notificationKeys.list));
    return queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || key[0] !== notificationKeys.list[0] || key[1] !== notificationKeys.list[1]) return;
      const list = event.query.state.data as NotificationList | undefined;
      const newest = newestId(list);
      if (newest === undefined) return;
      const before = seen;
      seen = Math.max(before ?? 0, newest);
      // The first list this page sees is history, not news.
      if (before === undefined || !list?.items.some((item) => item.id > before && item.link.includes(id))) return;
      void queryClient
        .fetchQuery({
          queryKey: referralKeys.agencyDetail(id),
          queryFn: () => api<AgencyReferral>(`/api/referrals/${id}`, { background: true }),
        })
        .catch(() => undefined);
    });
  }, [id, queryClient]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openNotificationStream, receiveNotification, type Notification } from '../api/notifications';
import { dashboardKeys } from '../api/dashboards';
import { referralKeys } from '../api/referrals';

/**
 * Keeps the cached notification list current from the server's event stream while mounted (once
 * per signed-in page). `onNew` hears only notifications new to this page, not replays.
 * A referral notification also means a referral list or page on screen may be out of date, so
 * those queries refetch (a new referral appears without a reload); and any notification may change
 * what a dashboard says needs attention.
 */
export function useNotificationStream(onNew?: (notification: Notification) => void) {
  const queryClient = useQueryClient();
  const onNewRef = useRef(onNew);
  useEffect(() => {
    onNewRef.current = onNew;
  });
  useEffect(
    () =>
      openNotificationStream((notification) => {
        // Only a notification new to this page says its lists are out of date. A first connection
        // replays the unread ones of the last week, which the page's lists were just read with:
        // refetching every referral query for each of them made a storm of requests and renders as
        // the page opened. (One arriving before the notification list has loaded counts as a replay.)
        if (!receiveNotification(queryClient, notification)) return;
        if (notification.type.startsWith('referral')) void queryClient.invalidateQueries({ queryKey: referralKeys.all });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.attention });
        onNewRef.current?.(notification);
      }),
    [queryClient],
  );
}

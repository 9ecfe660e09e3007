import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openNotificationStream, receiveNotification, type Notification } from '../api/notifications';

/**
 * Keeps the cached notification list current from the server's event stream while mounted (once
 * per signed-in page). `onNew` hears only notifications new to this page, not replays.
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
        if (receiveNotification(queryClient, notification)) onNewRef.current?.(notification);
      }),
    [queryClient],
  );
}

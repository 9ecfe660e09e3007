import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './client';

/** One notification as the server presents it (see src/server/notifications/schemas.ts). */
export interface Notification {
  id: number;
  type: string;
  title: string;
  body: string;
  /** An app path such as /dashboard/security. */
  link: string;
  /** How many unread notifications this item stands for: the server groups alike ones (1 for a single one). */
  count: number;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/notifications: the newest page, newest first, with the number unread overall. */
export interface NotificationList {
  items: Notification[];
  unreadCount: number;
}

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

/** The signed-in user's newest notifications. A background request: loading it is not the user acting. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => api<NotificationList>(`/api/notifications?limit=${NOTIFICATION_PAGE_SIZE}`, { signal, background: true }),
  });
}

/**
 * Takes in a notification that arrived over the stream: when it is newer than the list shows, the
 * list is fetched again, since the server decides which unread notifications it joins ("3 new PT
 * referrals near you"). A replay of one already shown, or of an older one a group stands for, changes
 * nothing. Returns true when it is new to this page, so it is worth announcing.
 */
export function receiveNotification(queryClient: QueryClient, notification: Notification): boolean {
  const current = queryClient.getQueryData<NotificationList>(notificationKeys.list);
  if (!current || current.items.some((item) => item.id === notification.id)) return false;
  const isNew = notification.id > (current.items[0]?.id ?? 0);
  if (isNew) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  return isNew;
}

/** POST /api/notifications/:id/read, shown as read at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Notification>(`/api/notifications/${id}/read`, { body: {} }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      const current = queryClient.getQueryData<NotificationList>(notificationKeys.list);
      const target = current?.items.find((item) => item.id === id);
      if (!current || !target || target.readAt !== null) return;
      const readAt = new Date().toISOString();
      // Marking a group's item read marks every notification it stands for.
      queryClient.setQueryData<NotificationList>(notificationKeys.list, {
        items: current.items.map((item) => (item.id === id ? { ...item, readAt } : item)),
        unreadCount: Math.max(0, current.unreadCount - target.count),
      });
    },
    // Read, a group's members are history listed one by one: the server's list says how they now read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/** POST /api/notifications/read-all, shown as read at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('/api/notifications/read-all', { body: {} }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (current) =>
        current && { items: current.items.map((item) => (item.readAt === null ? { ...item, readAt } : item)), unreadCount: 0 },
      );
    },
    // Groups come apart once read: the server's list shows each notification they stood for.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/**
 * Opens GET /api/notifications/stream (same origin, so the session cookie goes along) and calls
 * `onNotification` for each `notification` event. EventSource reconnects by itself, sending
 * Last-Event-ID so the server replays what was missed. Returns a function that closes the stream.
 */
export function openNotificationStream(onNotification: (notification: Notification) => void): () => void {
  const source = new EventSource('/api/notifications/stream', { withCredentials: true });
  source.addEventListener('notification', (event: MessageEvent<string>) => {
    let notification: Notification;
    try {
      notification = JSON.parse(event.data) as Notification;
    } catch {
      return;
    }
    onNotification(notification);
  });
  return () => source.close();
}

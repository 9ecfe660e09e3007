import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/client';
import {
  NOTIFICATION_PAGE_SIZE,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  type Notification,
  type NotificationList,
} from '../api/notifications';
import { EmptyCard, LoadError } from '../dashboard/dashboard-ui';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { groupNote } from './group-note';
import { relativeTime } from './relative-time';

const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');

/** Pages older than the newest one (which the bell shares), loaded on request. */
function useOlderNotifications(after: number | undefined) {
  return useInfiniteQuery({
    queryKey: ['notifications', 'older', after],
    enabled: false,
    initialPageParam: after ?? 0,
    queryFn: ({ pageParam, signal }) =>
      api<NotificationList>(`/api/notifications?limit=${NOTIFICATION_PAGE_SIZE}&before=${pageParam}`, { signal, background: true }),
    getNextPageParam: (last) => (last.items.length < NOTIFICATION_PAGE_SIZE ? undefined : last.items.at(-1)?.id),
  });
}

/** /dashboard/notifications: every notification, newest first, with mark read and mark all read. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const queryClient = useQueryClient();
  const newest = notifications.data?.items ?? [];
  const oldestShown = newest.length === NOTIFICATION_PAGE_SIZE ? newest.at(-1)?.id : undefined;
  const older = useOlderNotifications(oldestShown);
  const olderItems = older.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = notifications.data?.unreadCount ?? 0;
  const canLoadMore = oldestShown !== undefined && (older.data ? older.hasNextPage : true);

  const markAllRead = () =>
    markAll.mutate(undefined, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['notifications', 'older'] }) });

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <PageMeta title="Notifications" description="Your CareRelay notifications." />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Notifications</h1>
          {notifications.data && <p className="mt-1 text-sm text-slate-700">{unread === 0 ? 'All read' : `${unread} unread`}</p>}
        </div>
        {unread > 0 && (
          <Button variant="secondary" onClick={markAllRead} disabled={markAll.isPending}>
            Mark all as read
          </Button>
        )}
      </header>

      {notifications.isPending && <Loading label="Loading notifications…" />}
      {notifications.isError && <LoadError message="We could not load your notifications." onRetry={() => void notifications.refetch()} />}
      {notifications.data && newest.length === 0 && <EmptyCard>You’re all caught up: no notifications yet.</EmptyCard>}
      {newest.length > 0 && (
        <ul aria-label="Notifications" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {[...newest, ...olderItems].map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} onMarked={() => void queryClient.invalidateQueries({ queryKey: ['notifications', 'older'] })} />
            </li>
          ))}
        </ul>
      )}
      {older.isError && <LoadError message="We could not load older notifications." onRetry={() => void older.refetch()} />}
      {canLoadMore && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            disabled={older.isFetching}
            onClick={() => void (older.data ? older.fetchNextPage() : older.refetch())}
          >
            {older.isFetching ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      )}
    </div>
  );
}

function NotificationRow({ item, onMarked }: { item: Notification; onMarked: () => void }) {
  const markRead = useMarkNotificationRead();
  const unread = item.readAt === null;
  const mark = () => markRead.mutate(item.id, { onSuccess: onMarked });
  const note = groupNote(item);
  const text = (
    <>
      <span className={cn('block text-slate-900', unread && 'font-semibold')}>{item.title}</span>
      <span className="mt-0.5 block text-sm text-slate-700">{item.body}</span>
      {note && <span className="mt-0.5 block text-xs font-semibold text-brand-800">{note}</span>}
      <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-600">
        {relativeTime(item.createdAt)}
      </time>
    </>
  );
  return (
    <div className={cn('flex items-start gap-3 px-5 py-4', unread && 'bg-brand-50/60')}>
      <div className="min-w-0 flex-1">
        {isAppPath(item.link) ? (
          <Link to={item.link} onClick={() => unread && mark()} className="block hover:underline">
            {text}
          </Link>
        ) : (
          text
        )}
      </div>
      {unread ? (
        // The name starts with the words shown (WCAG 2.5.3), then says which notification.
        <Button variant="ghost" size="sm" onClick={mark} disabled={markRead.isPending} className="shrink-0">
          Mark as read<span className="sr-only">: {item.title}</span>
        </Button>
      ) : (
        <span className="shrink-0 text-xs text-slate-500">Read</span>
      )}
    </div>
  );
}

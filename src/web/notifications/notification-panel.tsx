import { Link } from 'react-router';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  type Notification,
} from '../api/notifications';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { groupNote } from './group-note';
import { relativeTime } from './relative-time';

/** Only an in-app path is followed; anything else (a full URL, `//host`) is shown without a link. */
const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');

/** The list behind the bell: newest first, each item a link that also marks it read. */
export function NotificationPanel({ id, headingId, onClose }: { id: string; headingId: string; onClose: () => void }) {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="fixed inset-x-2 top-16 z-40 flex max-h-[calc(100vh-5rem)] flex-col rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
          Notifications
        </h2>
        {unread > 0 && (
          <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending} className="text-brand-800">
            Mark all as read
          </Button>
        )}
      </div>
      <div className="min-h-0 overflow-y-auto">
        {notifications.isPending ? (
          <p role="status" className="px-4 py-8 text-center text-sm text-slate-600">
            Loading notifications…
          </p>
        ) : notifications.isError ? (
          <div role="alert" className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-red-800">
            <p>We could not load your notifications.</p>
            <Button variant="secondary" size="sm" onClick={() => void notifications.refetch()}>
              Try again
            </Button>
          </div>
        ) : notifications.data.items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">You’re all caught up</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.data.items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} onFollow={onClose} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-slate-200">
        <Link
          to="/dashboard/notifications"
          onClick={onClose}
          className="flex min-h-11 items-center justify-center rounded-b-xl px-4 text-sm font-semibold text-brand-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          See all notifications
        </Link>
      </div>
    </section>
  );
}

function NotificationItem({ item, onFollow }: { item: Notification; onFollow: () => void }) {
  const markRead = useMarkNotificationRead();
  const zone = useTimeZone();
  const unread = item.readAt === null;
  const note = groupNote(item);
  const content = (
    <>
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm break-words text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
          {unread && <span className="sr-only">Unread: </span>}
          {item.title}
        </span>
        {item.body && <span className="mt-0.5 block text-sm break-words text-slate-600">{item.body}</span>}
        {note && <span className="mt-0.5 block text-xs font-semibold text-brand-800">{note}</span>}
        <time dateTime={item.createdAt} title={formatMoment(item.createdAt, zone)} className="mt-1 block text-xs text-slate-600">
          {relativeTime(item.createdAt)}
        </time>
      </span>
    </>
  );
  const className = 'flex gap-3 px-4 py-3 text-left';
  if (!isAppPath(item.link)) return <div className={className}>{content}</div>;
  return (
    <Link
      to={item.link}
      className={cn(className, 'hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600')}
      onClick={() => {
        if (unread) markRead.mutate(item.id);
        onFollow();
      }}
    >
      {content}
    </Link>
  );
}

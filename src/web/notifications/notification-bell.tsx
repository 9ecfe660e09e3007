import { Bell } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useNotifications, type Notification } from '../api/notifications';
import { NotificationPanel } from './notification-panel';
import { useNotificationStream } from './use-notification-stream';

const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

/**
 * The header's bell: an unread badge, a disclosure panel listing notifications, and a polite live
 * region announcing ones that arrive while the page is open. Escape or a click outside closes the
 * panel; Escape returns focus to the bell.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const { pathname } = useLocation();

  useNotificationStream(
    useCallback((notification: Notification) => setAnnouncement(`New notification: ${notification.title}`), []),
  );

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Another page closes the panel (following an item, or the browser's back button).
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    document.getElementById(headingId)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, headingId, close]);

  const unread = notifications.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <div ref={container} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        className="relative inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-brand-700"
      >
        <Bell className="size-5" aria-hidden />
      </button>
      {/* Beside the button, not in it: the button's name carries the exact count ("9+" is only the picture). */}
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-badge"
          className="pointer-events-none absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-none font-bold text-white"
        >
          {badgeText(unread)}
        </span>
      )}
      {open && <NotificationPanel id={panelId} headingId={headingId} onClose={() => close(false)} />}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="notification-announcer">
        {announcement}
      </div>
    </div>
  );
}

import { Logo } from '../layout/logo';
import { NotificationBell } from '../notifications/notification-bell';

/**
 * The signed-in area's header: the logo, leading to the user's dashboard, and the notification bell.
 * Places, account pages and Sign out live in the sidebar (desktop) or the tab bar's More (phone),
 * which leaves the header room on a 390 px screen.
 */
export function DashboardHeader({ home }: { home: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
        <Logo to={home} label="CareRelay, your dashboard" />
        <NotificationBell />
      </div>
    </header>
  );
}
